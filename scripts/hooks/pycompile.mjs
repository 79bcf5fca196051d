// Compile the board's Python ahead of time, with the Python that runs it: Pyodide's, under Node.js.
//
//   node scripts/hooks/pycompile.mjs JOBS.json
//
// JOBS.json: {"pyodide": folder of Pyodide's files, "boot": a standard library zip to start from or null,
//             "zip": [source, target] or null, "wheel": [source, target] or null, "modules": [sources, wheel] or null}
// "zip" compiles a zip of modules to sourceless bytecode, "wheel" adds bytecode beside a wheel's sources
// (scripts/hooks/pycompile_inside.py says how); "modules" lists the standard library's modules the board needs
// (needed_modules: what Pyodide imports to boot and to install the engine's wheel, and what the engine imports, found
// in the library's sources). Prints one JSON line: how many modules each compiling job compiled, and the modules.
// Nothing is downloaded: Pyodide's files come from the folder given.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(jobs.pyodide, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: jobs.pyodide + path.sep,
  ...(jobs.boot ? { stdLibURL: jobs.boot } : {}),
  stdout: () => {},
});
const done = {};
let booted = null;
if (jobs.modules) {
  // What the board's Pyodide has imported once it has installed the engine, before any module of this job's own.
  await pyodide.loadPackage(jobs.modules[1], { messageCallback: () => {} });
  booted = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
}
pyodide.runPython(readFileSync(path.join(here, "pycompile_inside.py"), "utf8"));

for (const kind of ["zip", "wheel"]) {
  if (!jobs[kind]) continue;
  const [source, target] = jobs[kind];
  pyodide.FS.writeFile(`/tmp/source-${kind}`, readFileSync(source));
  done[kind] = pyodide.globals.get(`compile_${kind}`)(`/tmp/source-${kind}`, `/tmp/target-${kind}`);
  writeFileSync(target, pyodide.FS.readFile(`/tmp/target-${kind}`));
}
if (jobs.modules) {
  pyodide.FS.writeFile("/tmp/stdlib-sources.zip", readFileSync(jobs.modules[0]));
  const engine = pyodide.runPython("import engine, os; os.path.dirname(engine.__file__)");
  done.modules = pyodide.globals.get("needed_modules")("/tmp/stdlib-sources.zip", engine, booted).toJs();
}
console.log(JSON.stringify(done));
