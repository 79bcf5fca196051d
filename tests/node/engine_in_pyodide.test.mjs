// The engine's own checks inside Pyodide, under Node.js: no browser needed to catch a
// difference between CPython and Pyodide's Python.
//
//   SNIFF_LOCK=site/assets/pyodide/engine-<hash>/pyodide-lock.json \
//   SNIFF_STDLIB=site/assets/pyodide/stdlib-<hash>/python_stdlib.zip \
//   SNIFF_TRANSCRIPT=<CPython's digest> node --test tests/node/
//
// Pyodide comes from node_modules (the npm package the site copies), with the standard
// library the site carries, compiled and trimmed at build time (scripts/hooks/pycompile.py); the engine
// is the wheel the site build made, the one the site's lock file registers, put in place as the board's worker
// does it (docs/assets/board/wheel.mjs, before the interpreter starts). Nothing is
// downloaded: every network request fails this test. tests/test_pyodide_node.py runs it
// and passes CPython's transcript digest of tests/node/engine_checks.py.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LOCK = path.resolve(ROOT, process.env.SNIFF_LOCK ?? "");
const STDLIB = path.resolve(ROOT, process.env.SNIFF_STDLIB ?? "");
const CHECKS = {
  "tests/__init__.py": "tests/__init__.py",
  "tests/layouts.py": "tests/layouts.py",
  "tests/node/__init__.py": "tests/node/__init__.py",
  "tests/node/engine_checks.py": "tests/node/engine_checks.py",
};

globalThis.fetch = async (url) => {
  throw new Error(`no network in this test: Pyodide asked for ${url}`);
};

const { loadPyodide } = await import(path.join(ROOT, "node_modules/pyodide/pyodide.mjs"));
const { installWheel } = await import(path.join(ROOT, "docs/assets/board/wheel.mjs"));

let pyodide;
let written = 0;

test.before(async () => {
  assert.ok(process.env.SNIFF_LOCK, "set SNIFF_LOCK to the site's lock file (site/assets/pyodide/engine-*/...)");
  assert.ok(process.env.SNIFF_STDLIB, "set SNIFF_STDLIB to the site's python_stdlib.zip");
  const lock = JSON.parse(await readFile(LOCK, "utf8"));
  const entry = lock.packages["tile-games-engine"];
  const wheel = new Uint8Array(await readFile(path.join(path.dirname(LOCK), entry.file_name)));
  const fsInit = async (FS, { sitePackages }) => (written = installWheel(FS, sitePackages, wheel, entry.imports));
  pyodide = await loadPyodide({ lockFileContents: lock, stdLibURL: STDLIB, fsInit });
});

test("the site's lock file registers the engine wheel with its sha256", async () => {
  const lock = JSON.parse(await readFile(LOCK, "utf8"));
  const entry = lock.packages["tile-games-engine"];
  assert.deepEqual(Object.keys(lock.packages), ["tile-games-engine"]);
  assert.deepEqual(entry.imports, ["engine"]);
  const wheel = await readFile(path.join(path.dirname(LOCK), entry.file_name));
  assert.equal(createHash("sha256").update(wheel).digest("hex"), entry.sha256);
});

test("the engine's wheel is put in place before Python starts, and the engine answers in Pyodide's Python", async () => {
  assert.ok(written > 100, `only ${written} files of the wheel written`);
  assert.deepEqual(Object.keys(pyodide.loadedPackages), []); // not Pyodide's package loader's: no metadata either
  const handle = pyodide.pyimport("engine.board.session").handle;
  const version = JSON.parse(handle("version", "{}"));
  assert.equal(version.ok, true);
  assert.equal(version.result.platform, "emscripten");
  const error = JSON.parse(handle("sniff.describe", JSON.stringify({ layout: "1|4\n2|2 on 1|4 high" })));
  assert.equal(error.error.type, "NotationError");
  assert.equal(error.error.line, 2);
});

test("the engine's checks pass in Pyodide, with CPython's transcript", async () => {
  for (const [target, source] of Object.entries(CHECKS)) {
    pyodide.FS.mkdirTree(path.posix.dirname(`/checks/${target}`));
    pyodide.FS.writeFile(`/checks/${target}`, await readFile(path.join(ROOT, source), "utf8"));
  }
  pyodide.globals.set("vectors_text", await readFile(path.join(ROOT, "tests/data/seed-004-vectors.txt"), "utf8"));
  const report = JSON.parse(
    pyodide.runPython(`
import json, sys
sys.path.insert(0, "/checks")
from tests.node.engine_checks import run
json.dumps(run(vectors_text))
`),
  );
  console.log(`Pyodide's Python ${report.python}: ${report.vectors} seed vectors, ${report.layouts} random layouts`);
  assert.deepEqual(report.failures, []);
  assert.equal(report.vectors, 11);
  if (process.env.SNIFF_TRANSCRIPT) assert.equal(report.transcript, process.env.SNIFF_TRANSCRIPT);
});

test("every module of the engine imports from the site's trimmed standard library, none compiled from source", async () => {
  // The site carries only the standard library's modules the engine needs (scripts/hooks/pycompile.py): every module
  // of the engine but what never runs in a browser (its command line, the build's Practice bank:
  // pycompile_inside.py NOT_IN_BROWSER) is imported below, from that library, with
  // both ways Python compiles a source watched: zipimport's (the standard library's zip) and the file loaders' (the
  // installed engine). A module the engine imports and the library lacks fails here with its name.
  const report = JSON.parse(
    pyodide.runPython(`
import importlib, importlib.machinery, importlib.util, json, os, sys, zipimport
import engine

compiled = []
def watch(owner, name):
    original = getattr(owner, name)
    def compile_source(*args, **kwargs):
        compiled.append(repr(args[1] if owner is not zipimport else args[0]))
        return original(*args, **kwargs)
    setattr(owner, name, compile_source)
watch(zipimport, "_compile_source")
watch(importlib.machinery.SourceFileLoader, "source_to_code")
top = os.path.dirname(os.path.dirname(engine.__file__))
names = []
for folder, _, files in sorted(os.walk(engine.__path__[0])):
    package = os.path.relpath(folder, top).replace(os.sep, ".")
    names += [package if f == "__init__.py" else f"{package}.{f[:-3]}" for f in sorted(files) if f.endswith(".py")]
not_in_browser = ("engine.__main__", "engine.cli", "engine.commands", "engine.core.practice_bank")
names = [name for name in names if not name.startswith(not_in_browser)]
for name in names:
    importlib.import_module(name)
stdlib = sys.modules["json"].__spec__
json.dumps({"compiled": compiled, "imported": len(names), "stdlib": stdlib.origin,
            "argparse": importlib.util.find_spec("argparse") is not None,
            "engine": sys.modules["engine.core.games"].__spec__.cached})
`),
  );
  assert.deepEqual(report.compiled, []);
  assert.ok(report.imported > 80, `only ${report.imported} modules imported`);
  assert.ok(!report.argparse, "the command line's argparse is no module of the board's");
  assert.match(report.stdlib, /\.zip\/json\/__init__\.pyc$/);
  assert.match(report.engine, /__pycache__\/games\.cpython-\d+\.pyc$/);
});
