/* The live site: brings a built page to life with no server at all (`make site`).
 *
 * The static site is served by any static file server. When this page is one of them (not a
 * file:// page, not a page of the course server, which has its own loader.js) and the site
 * was built with Python in it (vendor/site/manifest.json names it), the learner's browser runs
 * the engine itself: Pyodide, in a Web Worker, behind a Jupyter kernel of its own
 * (site-kernel.js, loaded only then). Everything comes from the site: the Pyodide core, every
 * wheel (pinned, with the hashes of the files served) and the course's own wheel.
 *
 * Then the page's cells run as on the served book (run.js). The status bar says what is
 * happening, in Russian: the first visit downloads tens of megabytes; later ones come from the
 * browser's cache.
 */

import { StatusBar } from "./status";
import { codeCells } from "./page";
import { cellFailure, comeAlive, reloadWhenRestored, runPage } from "./run";

const VISITED = "bezique:site-visited";

/** The site's manifest (vendor/site/manifest.json, written by book/site/vendor_site.py), or
 * null when the site has no Python in it (a book built without `make site`). */
async function siteManifest() {
  try {
    const response = await fetch(new URL("manifest.json", import.meta.url), { cache: "no-cache" });
    const manifest = response.ok ? await response.json() : null;
    return manifest && manifest.python !== false ? manifest : null;
  } catch (error) {
    return null;
  }
}

function firstVisit() {
  try {
    return !window.localStorage.getItem(VISITED);
  } catch (error) {
    return true;
  }
}

function rememberVisit() {
  try {
    window.localStorage.setItem(VISITED, new Date().toISOString());
  } catch (error) {
    /* private mode: the next visit says «first» again, nothing else changes */
  }
}

function addStyleSheet(href) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}

/** What this browser lacks to run Python, in Russian, or "" if nothing. */
function missingFeature() {
  if (typeof WebAssembly !== "object") return "браузер не умеет WebAssembly";
  if (typeof Worker !== "function") return "браузер не умеет Web Worker";
  return "";
}

/** Why the page could not come alive, for the learner. */
function reason(error) {
  const failed = cellFailure(error);
  if (failed) return failed;
  const text = error && error.message ? error.message : String(error);
  if (/fetch|network|load|import/i.test(text)) {
    return "не удалось загрузить файлы курса с сайта; проверьте связь и обновите страницу";
  }
  return `Python в браузере не запустился (${text})`;
}

async function main() {
  if (!codeCells().length) return;
  if (document.querySelector('meta[name="bezique-live"]')) return;   // the course server's page
  if (window.location.protocol === "file:") return;                  // a page opened as a file
  const manifest = await siteManifest();
  if (!manifest) return;                                              // a site without Python
  document.documentElement.classList.add("bezique-site");  // no static notices (bezique.css)
  const status = new StatusBar();
  const missing = missingFeature();
  if (missing) {
    status.failed(`${missing}; откройте курс в свежем Chrome, Firefox, Safari или Edge`);
    return;
  }
  await comeAlive(status, async () => {
    addStyleSheet(new URL(manifest.fonts, import.meta.url).href);  // the card pictures' fonts
    const started = performance.now();
    status.startingSite(firstVisit(), manifest.download_mb);
    const { startKernel, preamble } = await import("./site-kernel.js");
    const kernel = await startKernel(manifest, (step) => status.step(step));
    performance.mark("bezique:kernel-ready");             // for docs/benchmarks/live_site.py
    status.step("engine");
    await preamble(kernel, manifest);
    performance.mark("bezique:preamble-done");
    await runPage(kernel, status, started);
    rememberVisit();
    window.addEventListener("pagehide", () => kernel.dispose());
  }, reason);
}

reloadWhenRestored();

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
