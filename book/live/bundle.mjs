// Bundles the live book's two loaders with esbuild (called by book/build.py):
//   loader.js -> vendor/live/bezique-live.js   the course server's pages (`make tutorial`), IIFE
//   site.js   -> vendor/site/bezique-site.js   the live site (`make site`), an ES module; the
//                Pyodide kernel (site-kernel.js) is a chunk of its own, loaded only when a
//                page comes alive. @jupyterlite/pyodide-kernel names its wheels as webpack
//                assets (lib/_pypi.js); here they are URLs of the site's own copies.
// Usage: node bundle.mjs <esbuild module path> <vendor folder>
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [esbuildPath, vendor] = process.argv.slice(2);
const esbuild = await import(pathToFileURL(esbuildPath).href);
const here = path.dirname(new URL(import.meta.url).pathname);

const common = {
  bundle: true, minify: true, target: "es2020", platform: "browser",
  loader: { ".css": "text" }, legalComments: "eof", logLevel: "warning",
};

// lib/_pypi.js of the kernel package -> the URLs of the files vendor_site.py copies beside
// the bundle (pyodide-kernel/…).
const pypiDir = path.join(here, "..", "node_modules", "@jupyterlite", "pyodide-kernel", "pypi");
const piplite = fs.readdirSync(pypiDir).find((name) => name.startsWith("piplite-"));
const pypiUrls = {
  name: "pypi-urls",
  setup(build) {
    build.onResolve({ filter: /^\.\/_pypi$/ }, (args) =>
      args.importer.includes("pyodide-kernel") ? { path: "pypi", namespace: "bezique-pypi" } : undefined);
    build.onLoad({ filter: /.*/, namespace: "bezique-pypi" }, () => ({
      contents: `
        const at = (name) => ({ default: new URL("pyodide-kernel/" + name, import.meta.url).href });
        export const allJSONUrl = at("all.json");
        export const pipliteWheelUrl = at(${JSON.stringify(piplite)});`,
      loader: "js",
    }));
  },
};

await esbuild.build({
  ...common, entryPoints: [path.join(here, "loader.js")], format: "iife",
  outfile: path.join(vendor, "live", "bezique-live.js"),
});
await esbuild.build({
  ...common, entryPoints: { "bezique-site": path.join(here, "site.js") }, format: "esm",
  splitting: true, outdir: path.join(vendor, "site"), chunkNames: "[name]-[hash]",
  plugins: [pypiUrls],
});
