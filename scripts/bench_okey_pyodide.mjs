// Okey in Pyodide under Node.js: the arrangement solver's time and the strong bot's move time.
//
//   scripts/build_site && node scripts/bench_okey_pyodide.mjs [racks] [moves] [samples]
//
// Loads Pyodide from node_modules and the engine wheel the site build made (through the
// site's lock file), as tests/node/ does; nothing is downloaded. Prints one JSON line.

import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [racks = "300", moves = "200", samples = ""] = process.argv.slice(2);

globalThis.fetch = async (url) => {
  throw new Error(`no network in this benchmark: Pyodide asked for ${url}`);
};

const base = path.join(ROOT, "site/assets/pyodide");
const dirs = (await readdir(base)).filter((name) => name.startsWith("engine-"));
if (dirs.length !== 1) throw new Error(`build the site first (scripts/build_site): found ${dirs}`);
const lock = path.join(base, dirs[0], "pyodide-lock.json");
const { loadPyodide } = await import(path.join(ROOT, "node_modules/pyodide/pyodide.mjs"));
const pyodide = await loadPyodide({ lockFileURL: lock, packageCacheDir: path.dirname(lock) });
await pyodide.loadPackage("sniff-engine", { messageCallback: () => {} });
pyodide.globals.set("RACKS", Number(racks));
pyodide.globals.set("MOVES", Number(moves));
pyodide.globals.set("SAMPLES", samples ? Number(samples) : null);
const out = pyodide.runPython(`
import json, random, sys, time
from engine.okey.arrange import best_arrangement
from engine.okey.bots import make_bot, DEFAULT_SAMPLES
from engine.okey.game import Game, Discard
from engine.okey.tiles import FULL_SET, TILES, Okey

def pct(values, share):
    values = sorted(values)
    return round(values[min(len(values) - 1, int(share * len(values)))], 2)

report = {"python": sys.version.split()[0], "arrange": {}}
rng = random.Random(1)
for okeys in (0, 1, 2):
    times = []
    for _ in range(RACKS):
        okey = Okey(rng.choice(TILES[:52]))
        pool = [t for t in FULL_SET if t is not okey.tile]
        rack = rng.sample(pool, 15 - okeys) + [okey.tile] * okeys
        start = time.perf_counter()
        best_arrangement(rack, okey)
        times.append((time.perf_counter() - start) * 1000)
    report["arrange"][okeys] = {"median": pct(times, 0.5), "p95": pct(times, 0.95), "max": pct(times, 1.0)}
samples = SAMPLES or DEFAULT_SAMPLES
timed, choices = [], []
seed = 0
while len(timed) < MOVES:
    game = Game(seed=seed)
    bots = [make_bot("strong", random.Random(seed * 4 + s), samples=samples) for s in range(4)]
    while not game.is_terminal() and len(timed) < MOVES:
        seat = game.current_player
        view = game.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        ms = (time.perf_counter() - start) * 1000
        timed.append(ms)
        if type(action) is Discard:
            choices.append(ms)
        game.apply_action(action)
    seed += 1
report["strong"] = {"samples": samples, "moves": len(timed), "median": pct(timed, 0.5), "p95": pct(timed, 0.95),
                    "max": pct(timed, 1.0), "discards": len(choices), "discard_p95": pct(choices, 0.95)}
json.dumps(report)
`);
console.log(out);
