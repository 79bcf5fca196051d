// The engine's own checks inside Pyodide, under Node.js: no browser needed to catch a
// difference between CPython and Pyodide's Python.
//
//   SNIFF_LOCK=site/assets/pyodide/engine-<hash>/pyodide-lock.json \
//   SNIFF_TRANSCRIPT=<CPython's digest> node --test tests/node/
//
// Pyodide comes from node_modules (the npm package the site copies); the engine is the
// wheel the site build made, installed by name through the site's lock file. Nothing is
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

let pyodide;

test.before(async () => {
  assert.ok(process.env.SNIFF_LOCK, "set SNIFF_LOCK to the site's lock file (site/assets/pyodide/engine-*/...)");
  pyodide = await loadPyodide({ lockFileURL: LOCK, packageCacheDir: path.dirname(LOCK) });
});

test("the site's lock file registers the engine wheel with its sha256", async () => {
  const lock = JSON.parse(await readFile(LOCK, "utf8"));
  const entry = lock.packages["sniff-engine"];
  assert.deepEqual(Object.keys(lock.packages), ["sniff-engine"]);
  assert.deepEqual(entry.imports, ["engine"]);
  const wheel = await readFile(path.join(path.dirname(LOCK), entry.file_name));
  assert.equal(createHash("sha256").update(wheel).digest("hex"), entry.sha256);
});

const quiet = { messageCallback: () => {} };

test("the engine installs by name and answers in Pyodide's Python", async () => {
  await pyodide.loadPackage("sniff-engine", quiet);
  const handle = pyodide.pyimport("engine.board.session").handle;
  const version = JSON.parse(handle("version", "{}"));
  assert.equal(version.ok, true);
  assert.equal(version.result.platform, "emscripten");
  const error = JSON.parse(handle("sniff.describe", JSON.stringify({ layout: "1|4\n2|2 on 1|4 high" })));
  assert.equal(error.error.type, "NotationError");
  assert.equal(error.error.line, 2);
});

test("the engine's checks pass in Pyodide, with CPython's transcript", async () => {
  await pyodide.loadPackage("sniff-engine", quiet);
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
