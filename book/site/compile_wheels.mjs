// Compiles pure-Python wheels for Pyodide with Pyodide itself (book/site/pyc_wheel.py), under
// Node, at `make site` time; called by book/site/vendor_site.py.
// Usage: node compile_wheels.mjs <pyodide folder> <in folder> <out folder> <wheel name>...
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inDir, outDir, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: () => {}, stderr: console.error });
py.FS.mkdirTree("/in");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(inDir) }, "/in");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(outDir) }, "/out");
const here = path.dirname(new URL(import.meta.url).pathname);
py.FS.writeFile("/pyc_wheel.py", fs.readFileSync(path.join(here, "pyc_wheel.py")));
py.runPython("import sys; sys.path.insert(0, '/')");
const compileWheel = py.pyimport("pyc_wheel").compile_wheel;
for (const name of wheels) {
  const n = compileWheel(`/in/${name}`, `/out/${name}`);
  console.log(`${name}: ${n}`);
}
