/* The built page as the loader sees it: myst-nb writes each code cell as
 *   <div class="cell …"> <details>…<div class="cell_input"><pre>code</pre></div></details>
 *                        <div class="cell_output">…outputs…</div> </div>
 * (a cell without output has no .cell_output). */

/** The page's code cells, in order (only those whose code is in the page). */
export function codeCells() {
  return Array.from(document.querySelectorAll("div.cell")).filter((cell) =>
    cell.querySelector(".cell_input pre"));
}

/** The code of a cell, exactly as the chapter has it. */
export function cellSource(cell) {
  return cell.querySelector(".cell_input pre").textContent;
}

/** The cell's output area (made empty if the cell had no output). */
export function outputArea(cell) {
  let area = cell.querySelector(":scope > .cell_output");
  if (!area) {
    area = document.createElement("div");
    area.className = "cell_output docutils container";
    cell.appendChild(area);
  }
  return area;
}
