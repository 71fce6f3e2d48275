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

/* Python's None in a comm message. The kernel's worker hands every message over with Pyodide's
 * `toJs()`, which makes None JavaScript's `undefined`; the message then goes to the page's
 * KernelConnection as JSON text, which drops every key whose value is `undefined` (pyodide
 * issue 3968). A widget that shows a hidden block with `layout.display = None` would never be
 * shown: the page heard `{"method": "update", "state": {}}`. So the kernel sends the content
 * and metadata of a comm message as JSON text, written by Python's json (None is null, as
 * ipykernel writes it), and SiteKernel reads it back before the message goes on to the page.
 * The other way, the worker hands the page's `null` to Python as `pyodide.ffi.jsnull`: the
 * kernel's comm manager gets None instead, as ipykernel gives it. (BRIDGE runs first in the
 * kernel, see preamble below.) */
class SiteKernel extends PyodideKernel {
  handleComm(type, content, metadata, buffers, parentHeader) {
    super.handleComm(type, fromJsonText(content), fromJsonText(metadata), buffers, parentHeader);
  }
}

/** A comm message's content (or metadata): a JSON text from BRIDGE, read; else as it is (a
 * message the bridge could not write as JSON, converted by Pyodide). */
function fromJsonText(value) {
  return typeof value === "string" ? JSON.parse(value) : value;
}

const BRIDGE = `
def _bezique_bridge():
    import json
    import pyodide_kernel
    from IPython import get_ipython
    from pyodide.ffi import jsnull

    shell = get_ipython()
    send = shell.send_comm                   # the worker's: content through Pyodide's toJs()

    def as_json(value):
        return json.dumps(value, ensure_ascii=False, allow_nan=False)

    def send_comm(msg_type, content, metadata, ident, buffers):
        try:
            content, metadata = as_json(content), as_json(metadata)
        except (TypeError, ValueError):     # not JSON (NaN, an object): as Pyodide converts it
            pass
        return send(msg_type, content, metadata, ident, buffers)

    def plain(value):                       # the page's null: None, at any depth
        if value is jsnull:
            return None
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value

    def incoming(handle):
        return lambda stream, ident, msg: handle(stream, ident, plain(msg))

    shell.send_comm = send_comm
    manager = pyodide_kernel.kernel_instance.comm_manager   # the worker calls its comm_*
    for name in ("comm_open", "comm_msg", "comm_close"):
        setattr(manager, name, incoming(getattr(manager, name)))

_bezique_bridge()
del _bezique_bridge
`;

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
    create: async (options) => new SiteKernel({
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
  const code = BRIDGE + `
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
