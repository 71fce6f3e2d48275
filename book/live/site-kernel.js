/* A Jupyter kernel in the learner's browser: Pyodide in a Web Worker (@jupyterlite's
 * PyodideKernel), reached through the same @jupyterlab/services KernelConnection the course
 * server's kernels use, over an in-page WebSocket (mock-socket) instead of a network one.
 *
 * Loaded by site.js only when the page comes alive, so a static page never downloads it.
 * Every file comes from the site (vendor/site/, see book/site/vendor_site.py): the Pyodide
 * core, a lock file that names only the wheels the site serves, with their hashes (Pyodide
 * checks each download against it), and the course's wheels, all loaded at start-up, so
 * nothing is installed from an index and nothing is asked of any other host.
 */

import { KernelSpecs } from "@jupyterlite/services/lib/kernel/kernelspecs";
import { LiteKernelClient } from "@jupyterlite/services/lib/kernel/client";
import { PyodideKernel } from "@jupyterlite/pyodide-kernel/lib/kernel";
import { KernelConnection } from "@jupyterlab/services/lib/kernel/default";
import { ServerConnection } from "@jupyterlab/services/lib/serverconnection";
import { WebSocket } from "mock-socket";

import { execute } from "./run";

const KERNEL_NAME = "python";

/** A URL of the site's vendor/site/ folder (where this module lies). */
function here(path) {
  return new URL(path, import.meta.url).href;
}

/** Start Pyodide and connect to it; `step(name)` is told how far it got. */
export async function startKernel(manifest, step) {
  const specs = new KernelSpecs();
  specs.register({
    spec: {
      name: KERNEL_NAME, display_name: "Python (в браузере)", language: "python",
      argv: [], resources: {},
    },
    create: async (options) => new PyodideKernel({
      ...options,
      pyodideUrl: here(manifest.pyodide + "pyodide.mjs"),
      pipliteUrls: [],
      disablePyPIFallback: true,
      mountDrive: false,
      loadPyodideOptions: {
        lockFileURL: here(manifest.pyodide + "pyodide-lock.json"),
        packages: manifest.preload,
        checkAPIVersion: true,
      },
      logger: ({ payload }) => {
        if (payload && payload.level === "critical") console.warn("pyodide:", payload.data);
      },
    }),
  });
  const serverSettings = ServerConnection.makeSettings({
    baseUrl: new URL("../../", import.meta.url).href,
    wsUrl: LiteKernelClient.WS_BASE_URL,
    WebSocket,
    appendToken: false,
    token: "",
  });
  const client = new LiteKernelClient({ kernelSpecs: specs, serverSettings });
  step("python");
  const model = await client.startNew({ name: KERNEL_NAME });
  const kernel = new KernelConnection({ model, serverSettings, handleComms: true });
  await kernel.info;
  kernel.__bezique_client = client;
  return kernel;
}

/** The first code the kernel runs: where the site's card pictures are, the exercise
 * positions unpacked into the worker's files, and a folder of its own for the page. */
export async function preamble(kernel, manifest) {
  const root = new URL("../../", import.meta.url);
  const page = decodeURIComponent(window.location.pathname).slice(decodeURIComponent(root.pathname).length);
  const folder = page.includes("/") ? page.slice(0, page.lastIndexOf("/")) : "";
  const settings = {
    cards: here(manifest.cards),
    positions_zip: here(manifest.positions),
    folder,
  };
  const code = `
import io as _io, os as _os, zipfile as _zipfile
from pyodide.http import pyfetch as _pyfetch
_s = ${JSON.stringify(JSON.stringify(settings))}
import json as _json
_s = _json.loads(_s)
_os.environ["BEZIQUE_CARD_SPRITES"] = _s["cards"]
_home = "/home/pyodide/bezique-course"
_positions = _os.path.join(_home, "exercises", "positions")
if not _os.path.isdir(_positions):
    _r = await _pyfetch(_s["positions_zip"])
    if not _r.ok:
        raise RuntimeError(f"нет файла упражнений ({_r.status})")
    _zipfile.ZipFile(_io.BytesIO(await _r.bytes())).extractall(_os.path.join(_home, "exercises"))
_os.environ["BEZIQUE_POSITIONS"] = _positions
_here = _os.path.join(_home, _s["folder"])
_os.makedirs(_here, exist_ok=True)
_os.chdir(_here)
del _io, _os, _zipfile, _pyfetch, _s, _json, _home, _positions, _here
`;
  await execute(kernel, code);
}
