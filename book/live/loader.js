/* The live book: brings the demos of a built page to life when the page is served by the
 * course's own server (book/live/serve.py, `make tutorial`).
 *
 * Opened as a file, or from any other server, the page stays the static book: it has no
 * <meta name="bezique-live"> (serve.py adds it), and nothing happens. Served live, the loader
 *
 *   1. starts a fresh kernel for this page load (cwd: the chapter's folder), shut down again
 *      when the page goes away (the server also culls kernels nobody is connected to);
 *   2. runs the page's cells and swaps in the live widgets (run.js, shared with the live site
 *      of site.js, where the kernel is Pyodide in the learner's browser);
 *   3. tells the learner, in Russian, what is happening: a thin bar at the top of the page.
 *
 * Bundled by esbuild (book/build.py) with @jupyterlab/services into vendor/live/bezique-live.js.
 */

import { KernelConnection } from "@jupyterlab/services/lib/kernel/default";
import { startNew } from "@jupyterlab/services/lib/kernel/restapi";
import { ServerConnection } from "@jupyterlab/services/lib/serverconnection";

import { StatusBar } from "./status";
import { codeCells } from "./page";
import { cellFailure, comeAlive, reloadWhenRestored, runPage } from "./run";

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

async function goLive(info, status) {
  const settings = ServerConnection.makeSettings({
    baseUrl: new URL(info.base_url, window.location.href).href,
    wsUrl: new URL(info.base_url, window.location.href).href.replace(/^http/, "ws"),
    appendToken: false,
    token: "",
  });
  status.starting(codeCells().length);
  const started = performance.now();
  const model = await startNew({ name: info.kernel, path: info.kernel_path }, settings);
  window.addEventListener("pagehide", () => shutDown(settings, model.id));
  const kernel = new KernelConnection({ model, serverSettings: settings, handleComms: true });
  await kernel.info;
  await runPage(kernel, status, started);
  watchConnection(kernel, settings, status);
}

const PROBE_EVERY_MS = 2000;

/** Where the page's kernel is, asked of the course server: "alive", "kernel" (the server
 * answers, the kernel is gone), "server" (nobody answers: the server is stopped) or "denied"
 * (a server that does not know this browser's login). */
async function kernelState(settings, id) {
  try {
    const answer = await fetch(new URL("api/kernels/" + encodeURIComponent(id), settings.baseUrl),
      { credentials: "same-origin", cache: "no-store" });
    if (answer.ok) return "alive";
    if (answer.status === 404) return "kernel";
    if (answer.status === 401 || answer.status === 403) return "denied";
    return "server";
  } catch (error) {
    return "server";                                   // connection refused: no server
  }
}

/** Once the page is live, watch its kernel: when the websocket drops (the server stopped,
 * the kernel died), @jupyterlab/services keeps reconnecting for up to two minutes and the
 * page would go on saying «Страница живая» while no click is answered. Instead, ask the
 * server at once, say in the status bar what was lost and what to do, and keep asking: a
 * server that comes back (`make tutorial` again, same port) reloads the page, which starts
 * a kernel of its own again. A websocket that reconnects by itself changes nothing. */
function watchConnection(kernel, settings, status) {
  let watching = false;
  let serverWasDown = false;
  const check = async () => {
    if (watching) return;
    watching = true;
    try {
      for (;;) {
        const lost = document.documentElement.classList.contains("bezique-live-lost");
        if (!lost && kernel.connectionStatus === "connected" && kernel.status !== "dead") return;
        const state = await kernelState(settings, kernel.id);
        if (state === "alive") {
          if (kernel.status === "dead") status.lost("kernel");
          else if (!lost && kernel.connectionStatus === "disconnected") status.lost("kernel");
          else if (serverWasDown) {           // cannot be this page's kernel: a new server
            status.lost("kernel");
          }
        } else if (state === "server") {
          serverWasDown = true;
          status.lost("server");
        } else if (state === "kernel" && serverWasDown) {
          status.back();                      // the server is back; this page's kernel is not
          window.setTimeout(() => window.location.reload(), 800);
          return;
        } else {
          status.lost(state);
        }
        await new Promise((resolve) => window.setTimeout(resolve, PROBE_EVERY_MS));
      }
    } finally {
      watching = false;
    }
  };
  kernel.connectionStatusChanged.connect((_, state) => {
    if (state !== "connected") check();
  });
  kernel.statusChanged.connect((_, state) => {
    if (state === "dead" || state === "autorestarting") check();
  });
}

/** Why the page could not come alive, for the learner. */
function reason(error) {
  const failed = cellFailure(error);
  if (failed) return failed;
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
  await comeAlive(status, () => goLive(info, status), reason);
}

reloadWhenRestored();

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
