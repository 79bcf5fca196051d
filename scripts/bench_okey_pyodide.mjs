// Okey in Pyodide under Node.js: the arrangement solver's time and the strong bot's move time.
//
//   scripts/build_site && node scripts/bench_okey_pyodide.mjs [racks] [moves]
//
// Loads Pyodide from node_modules and the engine wheel the site build made (through the
// site's lock file), as tests/node/ does; nothing is downloaded. Prints one JSON line.
// Times are the Node process's CPU time around each call (process.cpuUsage), not the wall clock.

import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [racks = "300", moves = "200"] = process.argv.slice(2);

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
pyodide.globals.set("RACKS", Number(racks));
pyodide.globals.set("MOVES", Number(moves));
pyodide.runPython(`
import random
from engine.okey.arrange import best_arrangement
from engine.okey.bots import make_bot
from engine.okey.game import Game, Discard
from engine.okey.tiles import FULL_SET, TILES, Okey

rng = random.Random(1)
RACKS_BY = {}
for okeys in (0, 1, 2):
    RACKS_BY[okeys] = []
    for _ in range(RACKS):
        okey = Okey(rng.choice(TILES[:52]))
        pool = [t for t in FULL_SET if t is not okey.tile]
        RACKS_BY[okeys].append((rng.sample(pool, 15 - okeys) + [okey.tile] * okeys, okey))

def arrange_at(okeys, k):
    rack, okey = RACKS_BY[okeys][k]
    best_arrangement(rack, okey)

class Runner:
    def __init__(self):
        self.seed = -1
        self.game = None
    def step(self):
        """One strong move; True when it was a discard (the moves that think)."""
        if self.game is None or self.game.is_terminal():
            self.seed += 1
            self.game = Game(seed=self.seed)
            self.bots = [make_bot("strong", random.Random(self.seed * 4 + s)) for s in range(4)]
        seat = self.game.current_player
        view = self.game.view(seat)
        action = self.bots[seat].choose(view)
        self.game.apply_action(action)
        return type(action) is Discard

RUNNER = Runner()
`);

// CPU time of this process around each call (user + system), so other work on the machine does not count.
function cpuMs(fn) {
  const before = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(before);
  return [(used.user + used.system) / 1000, result];
}
function pct(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] * 100) / 100;
}
const arrangeAt = pyodide.globals.get("arrange_at");
const report = { python: pyodide.runPython("import sys; sys.version.split()[0]"), arrange: {} };
for (const okeys of [0, 1, 2]) {
  const times = [];
  for (let k = 0; k < Number(racks); k++) times.push(cpuMs(() => arrangeAt(okeys, k))[0]);
  report.arrange[okeys] = { median: pct(times, 0.5), p95: pct(times, 0.95), max: pct(times, 1) };
}
const step = pyodide.globals.get("RUNNER").step;
const timed = [];
const discards = [];
while (timed.length < Number(moves)) {
  const [ms, discard] = cpuMs(() => step());
  timed.push(ms);
  if (discard) discards.push(ms);
}
report.strong = {
  moves: timed.length,
  median: pct(timed, 0.5),
  p95: pct(timed, 0.95),
  max: pct(timed, 1),
  discards: discards.length,
  discard_p95: pct(discards, 0.95),
};
console.log(JSON.stringify(report));
