/* Bringing a built page to life once a kernel is connected, whichever kernel it is: the
 * course server's CPython kernel (loader.js, `make tutorial`) or Pyodide in the learner's
 * browser (site.js, `make site`). Both routes hand over a @jupyterlab/services
 * KernelConnection; this module
 *
 *   1. runs the page's own code cells in order (the code is in the page, hidden);
 *   2. replaces each cell's static widget pictures with live widgets, talking to the kernel
 *      through a small subclass of the page's own widget manager (html-manager's AMD module,
 *      already loaded by the static page, so ipycanvas, the controls and the course's own
 *      widgets load from the book's vendored files);
 *   3. tells the learner how far it got (the status bar) and, when done, marks the page live
 *      (`bezique-live` event, `window.bezique_live`).
 */

import { codeCells, cellSource, outputArea } from "./page";

const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";

/** The page's widget manager module (loaded by embed-amd.js), through require.js. */
function requireModules(names) {
  return new Promise((resolve, reject) => window.requirejs(names, (...mods) => resolve(mods), reject));
}

/** A widget manager that talks to a kernel: the page's HTMLManager plus comms. */
function liveManagerClass(htmlManager, base) {
  return class LiveManager extends htmlManager.HTMLManager {
    constructor(kernel) {
      super({ loader: htmlManager.requireLoader });
      this.kernel = kernel;
      kernel.registerCommTarget(this.comm_target_name, (comm, message) =>
        this.handle_comm_open(new base.shims.services.Comm(comm), message));
    }

    async _create_comm(target, modelId, data, metadata, buffers) {
      const comm = this.kernel.createComm(target, modelId);
      if (data || metadata) comm.open(data, metadata, buffers);
      return new base.shims.services.Comm(comm);
    }

    async _get_comm_info() {
      const reply = await this.kernel.requestCommInfo({ target_name: this.comm_target_name });
      return reply.content.status === "ok" ? reply.content.comms : {};
    }
  };
}

/** What an output shows: ["widget"|"html"|"image"|"text", value], or null when it shows
 * nothing (no data, or text that is only blanks): then no box is drawn for it, not even an
 * empty one. */
function visible(output) {
  const data = output.data || {};
  if (data[WIDGET_VIEW]) return ["widget", data[WIDGET_VIEW]];
  if (data["text/html"] && data["text/html"].trim()) return ["html", data["text/html"]];
  if (data["image/svg+xml"]) return ["html", data["image/svg+xml"]];
  if (data["image/png"]) return ["image", data["image/png"]];
  const text = data["text/plain"] || output.text || "";
  return text.trim() ? ["text", text] : null;
}

/** Render one output message's content into `el`. Returns true for a widget. */
async function renderOutput(manager, output, el) {
  const shown = visible(output);
  if (!shown) return false;
  const [kind, value] = shown;
  const box = document.createElement("div");
  box.className = "bezique-live-output";
  el.appendChild(box);
  if (kind === "widget") {
    const model = await manager.get_model(value.model_id);
    const view = await manager.create_view(model);
    await manager.display_view(view, box);
    return true;
  }
  if (kind === "html") {
    box.innerHTML = value;
  } else if (kind === "image") {
    const img = document.createElement("img");
    img.src = "data:image/png;base64," + value;
    img.alt = "";
    box.appendChild(img);
  } else {
    const pre = document.createElement("pre");
    pre.textContent = value;
    box.appendChild(pre);
  }
  return false;
}

/** Run code in the kernel; resolve with its outputs (display data, results, errors). */
export async function execute(kernel, code) {
  const outputs = [];
  const future = kernel.requestExecute({ code, silent: false, store_history: false,
    allow_stdin: false, stop_on_error: true });
  future.onIOPub = (message) => {
    const type = message.header.msg_type;
    const content = message.content;
    // Pyodide's kernel also sends an execute_result with no data at all when the cell's value
    // displayed itself (a widget: its display_data came first); ipykernel sends none then.
    // renderOutput draws nothing for it.
    if (type === "display_data" || type === "execute_result") outputs.push(content);
    else if (type === "stream" && content.name === "stdout") {
      const last = outputs[outputs.length - 1];
      // one print() is several writes ("text", then "\n"): one output, as Jupyter shows it
      if (last && last.stream) last.text += content.text;
      else outputs.push({ stream: true, text: content.text });
    } else if (type === "clear_output") outputs.length = 0;
    else if (type === "error") outputs.push({ error: message.content });
  };
  const reply = await future.done;
  if (reply.content.status !== "ok") {
    const error = outputs.find((o) => o.error) || { error: reply.content };
    const err = new Error(`${error.error.ename}: ${error.error.evalue}`);
    err.pythonError = error.error;
    throw err;
  }
  return outputs;
}

/** Swap a cell's static output for the live one, if the live one has widgets. */
async function showLive(manager, cell, outputs) {
  if (!outputs.some((o) => o.data && o.data[WIDGET_VIEW])) return 0;
  const live = document.createElement("div");
  live.className = "cell_output docutils container bezique-live";
  live.hidden = true;
  const area = outputArea(cell);
  area.parentNode.insertBefore(live, area.nextSibling);
  let widgets = 0;
  for (const output of outputs) widgets += (await renderOutput(manager, output, live)) ? 1 : 0;
  live.hidden = false;
  area.remove();
  return widgets;
}

/** Run the page's cells in `kernel` and swap in the live widgets. `started` is when the
 * page began to come alive (performance.now()), for the figure the status bar shows. */
export async function runPage(kernel, status, started) {
  const cells = codeCells();
  const [htmlManager, base] = await requireModules(["@jupyter-widgets/html-manager",
    "@jupyter-widgets/base"]);
  const LiveManager = liveManagerClass(htmlManager, base);
  const manager = new LiveManager(kernel);
  let widgets = 0;
  for (let i = 0; i < cells.length; i++) {
    status.progress(i, cells.length);
    const outputs = await execute(kernel, cellSource(cells[i]));
    widgets += await showLive(manager, cells[i], outputs);
  }
  const seconds = (performance.now() - started) / 1000;
  document.documentElement.classList.add("bezique-live-page");
  performance.mark("bezique:live");                 // for the benchmarks (docs/benchmarks)
  status.live(widgets, seconds);
  window.bezique_live = { kernel, manager, seconds, widgets };
  document.dispatchEvent(new CustomEvent("bezique-live", { detail: { seconds, widgets } }));
  return { seconds, widgets };
}

/** Why a page failed, in Russian, when one of its cells raised in the kernel (the Python
 * error itself goes to the console, for whoever looks into it); null for other failures. */
export function cellFailure(error) {
  if (!(error && error.pythonError)) return null;
  // Pyodide's kernel names the exception as "<class 'ModuleNotFoundError'>"
  const name = String(error.pythonError.ename).replace(/^<class '(?:.*\.)?([^']+)'>$/, "$1");
  return `один из примеров страницы не запустился, ошибка программы — ${name}; ` +
    "обновите страницу, а если не поможет — напишите нам";
}

/** Bring the page to life with `work()`, marking the page as starting meanwhile; a failure
 * is shown in the status bar with `reason(error)`, in Russian. */
export async function comeAlive(status, work, reason) {
  document.documentElement.classList.add("bezique-live-starting");
  try {
    await work();
  } catch (error) {
    console.warn("bezique live page:", error);
    status.failed(reason(error));
  } finally {
    document.documentElement.classList.remove("bezique-live-starting");
  }
}

/** A page restored from the back-forward cache lost its kernel when it was left: load it
 * anew. */
export function reloadWhenRestored() {
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && window.bezique_live) window.location.reload();
  });
}
