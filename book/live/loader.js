/* The live book: brings the demos of a built page to life when the page is served by the
 * course's own server (book/live/serve.py, `make tutorial`).
 *
 * Opened as a file, or from any other server, the page stays the static book: it has no
 * <meta name="bezique-live"> (serve.py adds it), and nothing happens. Served live, the loader
 *
 *   1. starts a fresh kernel for this page load (cwd: the chapter's folder), shut down again
 *      when the page goes away (the server also culls kernels nobody is connected to);
 *   2. runs the page's own code cells in order (the code is in the page, hidden);
 *   3. replaces each cell's static widget pictures with live widgets, talking to the kernel
 *      through a small subclass of the page's own widget manager (html-manager's AMD module,
 *      already loaded by the static page, so ipycanvas and the controls load from the book's
 *      vendored files);
 *   4. tells the learner, in Russian, what is happening: a thin bar at the top of the page.
 *
 * Bundled by esbuild (book/build.py) with @jupyterlab/services into vendor/live/bezique-live.js.
 */

import { KernelConnection } from "@jupyterlab/services/lib/kernel/default";
import { startNew } from "@jupyterlab/services/lib/kernel/restapi";
import { ServerConnection } from "@jupyterlab/services/lib/serverconnection";

import { StatusBar } from "./status";
import { codeCells, cellSource, outputArea } from "./page";

const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";

/** What the course server wrote into the page (book/live/serve.py); null in a static book. */
function liveInfo() {
  const meta = document.querySelector('meta[name="bezique-live"]');
  if (!meta) return null;
  try {
    return JSON.parse(meta.content);
  } catch (error) {
    return null;
  }
}

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

/** Render one output message's content into `el`. Returns true for a widget. */
async function renderOutput(manager, output, el) {
  const data = output.data || {};
  const box = document.createElement("div");
  box.className = "bezique-live-output";
  el.appendChild(box);
  if (data[WIDGET_VIEW]) {
    const model = await manager.get_model(data[WIDGET_VIEW].model_id);
    const view = await manager.create_view(model);
    await manager.display_view(view, box);
    return true;
  }
  if (data["text/html"]) {
    box.innerHTML = data["text/html"];
  } else if (data["image/png"]) {
    const img = document.createElement("img");
    img.src = "data:image/png;base64," + data["image/png"];
    img.alt = "";
    box.appendChild(img);
  } else {
    const pre = document.createElement("pre");
    pre.textContent = data["text/plain"] || output.text || "";
    box.appendChild(pre);
  }
  return false;
}

/** Run one cell's code; resolve with its outputs (display data, results, errors). */
async function execute(kernel, code) {
  const outputs = [];
  const future = kernel.requestExecute({ code, silent: false, store_history: false,
    allow_stdin: false, stop_on_error: true });
  future.onIOPub = (message) => {
    const type = message.header.msg_type;
    if (type === "display_data" || type === "execute_result") outputs.push(message.content);
    else if (type === "stream" && message.content.name === "stdout") outputs.push({ text: message.content.text });
    else if (type === "clear_output") outputs.length = 0;
    else if (type === "error") outputs.push({ error: message.content });
  };
  const reply = await future.done;
  if (reply.content.status !== "ok") {
    const error = outputs.find((o) => o.error);
    throw new Error(error ? `${error.error.ename}: ${error.error.evalue}` : "ошибка в ячейке");
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

async function goLive(info, status) {
  const cells = codeCells();
  const settings = ServerConnection.makeSettings({
    baseUrl: new URL(info.base_url, window.location.href).href,
    wsUrl: new URL(info.base_url, window.location.href).href.replace(/^http/, "ws"),
    appendToken: false,
    token: "",
  });
  status.starting(cells.length);
  const started = performance.now();
  const model = await startNew({ name: info.kernel, path: info.kernel_path }, settings);
  window.addEventListener("pagehide", () => shutDown(settings, model.id));
  const kernel = new KernelConnection({ model, serverSettings: settings, handleComms: true });
  kernel.connectionStatusChanged.connect((_, state) => {
    if (state === "disconnected") status.lost();
  });
  kernel.statusChanged.connect((_, state) => {
    if (state === "dead" || state === "autorestarting") status.lost();
  });
  const [htmlManager, base] = await requireModules(["@jupyter-widgets/html-manager",
    "@jupyter-widgets/base"]);
  const LiveManager = liveManagerClass(htmlManager, base);
  const manager = new LiveManager(kernel);
  await kernel.info;
  let widgets = 0;
  for (let i = 0; i < cells.length; i++) {
    status.progress(i, cells.length);
    const outputs = await execute(kernel, cellSource(cells[i]));
    widgets += await showLive(manager, cells[i], outputs);
  }
  const seconds = (performance.now() - started) / 1000;
  document.documentElement.classList.add("bezique-live-page");
  status.live(widgets, seconds);
  window.bezique_live = { kernel, manager, seconds, widgets };
  document.dispatchEvent(new CustomEvent("bezique-live", { detail: { seconds, widgets } }));
}

/** Why the page could not come alive, for the learner. */
function reason(error) {
  const status = error && error.response ? error.response.status : 0;
  if (status === 403 || status === 401) {
    return "сервер не узнал вас: откройте адрес с ключом, который напечатала команда make tutorial";
  }
  if (error instanceof TypeError || (error && error.name === "NetworkError") || status >= 500) {
    return "сервер курса не отвечает: запустите make tutorial ещё раз";
  }
  return error && error.message ? error.message : String(error);
}

/** Shut the page's kernel down as the page goes away (keepalive: the request outlives it). */
function shutDown(settings, id) {
  const xsrf = (document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/) || [])[1];
  const headers = xsrf ? { "X-XSRFToken": decodeURIComponent(xsrf) } : {};
  fetch(new URL("api/kernels/" + encodeURIComponent(id), settings.baseUrl), {
    method: "DELETE", keepalive: true, credentials: "same-origin", headers,
  }).catch(() => {});
}

async function main() {
  if (!codeCells().length) return;
  const info = liveInfo();
  if (!info) return;
  const status = new StatusBar();
  document.documentElement.classList.add("bezique-live-starting");
  try {
    await goLive(info, status);
  } catch (error) {
    console.warn("bezique live book:", error);
    status.failed(reason(error));
  } finally {
    document.documentElement.classList.remove("bezique-live-starting");
  }
}

// A page restored from the back-forward cache lost its kernel on pagehide: load it anew.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && window.bezique_live) window.location.reload();
});

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
