// A board's settings read from its game's schema (docs/assets/board/settings.mjs) under Node's own test runner: the
// fields, every value checked, what the engine is sent, and each game's stored data under the keys every release
// before wrote (a returning visitor keeps their settings and their game). The schemas are the ones the pages carry
// (tests/data/board-schemas.json, kept equal to the build hook's by tests/test_board_hook.py).
//
//   node --test tests/node/board_settings.test.mjs      (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";

import * as settings from "../../docs/assets/board/settings.mjs";
import * as sniff from "../../docs/assets/board/game.mjs";
import * as okey from "../../docs/assets/board/okey.mjs";
import { Saves } from "../../docs/assets/board/saves.mjs";
import { checkSaves } from "../../docs/assets/board/slots.mjs";

const SCHEMAS = JSON.parse(readFileSync(new URL("../data/board-schemas.json", import.meta.url), "utf-8"));
const SNIFF = settings.settingFields(SCHEMAS.sniff, { keys: sniff.KEYS, page: sniff.PAGE });
const OKEY = settings.settingFields(SCHEMAS.okey, { page: okey.page() });
const DEFAULTS = Object.freeze({ players: 2, rules: "american", partners: false, bots: "greedy", pace: "normal" });
// What the Sniff board read and wrote before its settings came from the schema (state.mjs checkSettings).
const readSniff = (value) => settings.readStore(sniff.STORE, value, SNIFF).settings;

test("a game's fields are its options, its table options, the bots and the board's own, with their defaults", () => {
  assert.deepEqual(
    SNIFF.map(({ name, key, kind }) => [name, key, kind]),
    [["players", "players", "option"], ["rules", "rules", "option"], ["partnerships", "partners", "option"], ["bots", "bots", "bots"], ["pace", "pace", "page"]],
  );
  assert.deepEqual(settings.checkSettings(SNIFF, {}), DEFAULTS);
  assert.deepEqual(
    OKEY.map(({ name, kind }) => [name, kind]),
    [["mode", "option"], ["doubling", "option"], ["rounds", "option"], ["assisted", "table"], ["bots", "bots"], ["timer", "page"], ["pace", "page"]],
  );
  // A newcomer's Okey table is assisted: the page's default (the hook's), not the engine's.
  assert.deepEqual(settings.checkSettings(OKEY, null), { mode: "solo", doubling: true, rounds: 1, assisted: true, bots: "greedy", timer: 0, pace: "normal" });
});

test("unknown or outdated settings fall back to their defaults, field by field", () => {
  assert.deepEqual(readSniff(null), DEFAULTS);
  assert.deepEqual(readSniff("garbage"), DEFAULTS);
  assert.deepEqual(readSniff([1, 2]), DEFAULTS);
  // The values of issue 15: a renamed bot level, players as text.
  assert.deepEqual(readSniff({ bots: "expert", players: "4", pace: "fast" }), { ...DEFAULTS, pace: "fast" });
  assert.deepEqual(readSniff({ players: 4, bots: "strong", pace: "instant", budgetMs: 50 }), { ...DEFAULTS, players: 4, bots: "strong", pace: "instant" });
  // The rules: American or classic Sniff, and classic Sniff's partnerships for four, a true boolean only.
  assert.deepEqual(readSniff({ rules: "classic", partners: true }), { ...DEFAULTS, rules: "classic", partners: true });
  assert.deepEqual(readSniff({ rules: "okey", partners: "yes" }), DEFAULTS);
  assert.equal(readSniff({ pace: "toString" }).pace, DEFAULTS.pace, "no inherited property is a pace");
  // Another version's format is not read as this one's; settings written before versions are.
  assert.deepEqual(readSniff({ version: sniff.STORE.version + 1, players: 4 }), DEFAULTS);
  assert.equal(readSniff({ version: sniff.STORE.version, players: 3 }).players, 3);
  // Values are checked strictly: 1 is not true, "1" is not 1.
  assert.equal(settings.checkSettings(OKEY, { doubling: 0, rounds: "3", assisted: 1 }).doubling, true);
  assert.equal(settings.checkSettings(OKEY, { rounds: "3" }).rounds, 1);
});

test("today's stored data is read under today's keys: the settings, the game of the release before, the saves", () => {
  assert.equal(sniff.STORE.key, "sniff-board:settings");
  assert.equal(sniff.LEGACY_KEY, "sniff-board:game");
  assert.equal(okey.STORE.key, "okey-table");
  // The Sniff board's settings as it wrote them ({version, rules, partners, players, bots, pace}).
  const stored = { version: 1, rules: "classic", partners: true, players: 4, bots: "strong", pace: "fast" };
  assert.deepEqual(readSniff(stored), { rules: "classic", partners: true, players: 4, bots: "strong", pace: "fast" });
  // Written back in the same shape.
  assert.deepEqual(settings.storeValue(sniff.STORE, readSniff(stored), SNIFF), stored);
  // The Okey table's one value: {version, settings, game}; its game kept when the settings are written again.
  const game = { save: { game: "okey", rounds: [] }, bots: "strong", assisted: false, order: ["R1"] };
  const table = { version: 1, settings: { mode: "pairs", bots: "strong", doubling: false, rounds: 3, assisted: false, timer: 30, pace: "slow" }, game };
  const read = settings.readStore(okey.STORE, table, OKEY);
  assert.deepEqual(read.settings, table.settings);
  assert.deepEqual(settings.storeValue(okey.STORE, { ...read.settings, pace: "fast" }, OKEY, read.whole), { ...table, settings: { ...table.settings, pace: "fast" } });
  // With no game, the value still says so (game: null), as the table has always written it.
  assert.deepEqual(settings.storeValue(okey.STORE, read.settings, OKEY), { game: null, version: 1, settings: table.settings });
  assert.deepEqual(settings.readStore(okey.STORE, { ...table, version: 2 }, OKEY), { settings: settings.checkSettings(OKEY, {}), whole: null });
  assert.equal(settings.readStore(okey.STORE, { settings: table.settings }, OKEY).whole, null, "the table's value always had a version");
  // The saves' list and this tab's slot, under <game>-board:saves, each slot's lock under <game>-board:slot:<slot>.
  assert.equal(new Saves("sniff").key, "sniff-board:saves");
  assert.equal(new Saves("okey").lockPrefix, "okey-board:slot:");
  assert.deepEqual(checkSaves({ version: 1, saves: { "0f8e-11aa": 1733000000000 } }), { "0f8e-11aa": 1733000000000 });
});

test("settings are stored with their version, and read back the same", () => {
  const stored = settings.storeValue(sniff.STORE, { rules: "classic", players: 3, bots: "random", pace: "slow", extra: 1 }, SNIFF);
  const values = { rules: "classic", partners: false, players: 3, bots: "random", pace: "slow" };
  assert.deepEqual(stored, { version: sniff.STORE.version, ...values });
  assert.deepEqual(readSniff(JSON.parse(JSON.stringify(stored))), values);
});

test("a saved game is restored only when it is of this version, its save handed back untouched", () => {
  const { bots, defaultBot } = SCHEMAS.sniff;
  const kept = { ...sniff.STORE, bots, defaultBot };
  const save = { record: { players: 2, seed: "12345678901234567890", hands: [] }, anything: [1, { deep: true }] };
  const stored = settings.savedGameToStore({ save, bots: "strong" }, kept);
  assert.deepEqual(stored, { version: 1, save, bots: "strong" });
  const back = settings.checkSavedGame(JSON.parse(JSON.stringify(stored)), kept);
  assert.deepEqual(back.save, save);
  assert.equal(back.bots, "strong");
  assert.equal(settings.checkSavedGame({ ...stored, bots: "expert" }, kept).bots, defaultBot);
  // Saves the page cannot restore are none: the board starts a new game instead.
  assert.equal(settings.checkSavedGame({ record: { players: 2 }, bots: "greedy" }, kept), null, "a record from before saves");
  assert.deepEqual(settings.checkSavedGame({ save, bots: "greedy" }, kept), { save, bots: "greedy" }, "a save from before versions");
  assert.equal(settings.checkSavedGame({ save, bots: "greedy" }, { ...kept, unversioned: false }), null);
  assert.equal(settings.checkSavedGame({ ...stored, version: 2 }, kept), null);
  assert.equal(settings.checkSavedGame({ ...stored, save: "text" }, kept), null);
  assert.equal(settings.checkSavedGame(null, kept), null);
  assert.equal(settings.checkSavedGame([stored], kept), null);
});

test("what the engine is sent: the options and table options by their names, the bots; none of the board's own", () => {
  const values = settings.checkSettings(SNIFF, { players: 4, rules: "classic", partners: true, bots: "strong", pace: "fast" });
  assert.deepEqual(settings.engineOptions(SNIFF, values), { players: 4, rules: "classic", partnerships: true, bots: "strong" });
  assert.deepEqual(settings.engineOptions(SNIFF, values, ["table", "bots"]), { bots: "strong" });
  const table = settings.checkSettings(OKEY, { mode: "pairs", timer: 15 });
  assert.deepEqual(settings.engineOptions(OKEY, table), { mode: "pairs", doubling: true, rounds: 1, assisted: true, bots: "greedy" });
  assert.deepEqual(settings.engineOptions(OKEY, table, ["table", "bots"]), { assisted: true, bots: "greedy" });
});

test("a form's text is a field's value again: numbers as numbers, anything else as it is (then checked)", () => {
  const [players, rules] = SNIFF;
  assert.equal(settings.fromControl(players, "3"), 3);
  assert.equal(settings.fromControl(rules, "classic"), "classic");
  assert.equal(settings.fromControl(players, "7"), "7");
  assert.equal(settings.checkSettings(SNIFF, { players: settings.fromControl(players, "7") }).players, 2);
  assert.equal(settings.fromControl(SNIFF[2], true), true);
});
