// The review's time on a 50-move hand and round inside Pyodide under Node.js (the boards' worker runs the
// same Python): scripts/bench_review.py, run in Pyodide.
//
//   scripts/build_site && node scripts/bench_review_pyodide.mjs [repeat]
//
// Loads Pyodide from node_modules and the engine wheel the site build made (through the site's lock file),
// as tests/node/ does; nothing is downloaded. Prints one JSON line.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [repeat = "3"] = process.argv.slice(2);

globalThis.fetch = async (url) => {
  throw new Error(`no network in this benchmark: Pyodide asked for ${url}`);
};

const base = path.join(ROOT, "site/assets/pyodide");
const dirs = (await readdir(base)).filter((name) => name.startsWith("engine-"));
if (dirs.length !== 1) throw new Error(`build the site first (scripts/build_site): found ${dirs}`);
const lock = path.join(base, dirs[0], "pyodide-lock.json");
const { loadPyodide } = await import(path.join(ROOT, "node_modules/pyodide/pyodide.mjs"));
const pyodide = await loadPyodide({ lockFileURL: lock, packageCacheDir: path.dirname(lock) });
await pyodide.loadPackage("tile-games-engine", { messageCallback: () => {} });
const source = await readFile(path.join(ROOT, "scripts/bench_review.py"), "utf-8");
pyodide.globals.set("__file__", "/bench_review.py");
pyodide.runPython(source.replace('if __name__ == "__main__":', "if False:"));
console.log(pyodide.runPython(`import json; json.dumps(measure(${Number(repeat)}))`));
