// What a board's settings are, read from the game's schema: pure rules, no DOM (tested under node --test,
// tests/node/board_settings.test.mjs); form.mjs draws them, controller.mjs and online.mjs put them to work.
//
// The schema is the spec's (engine/core/games.py GameSpec.schema, written into the board's data-board-schema by
// scripts/hooks/board.py with the page's own defaults): the game's options and its table options, each with its
// type, values (in order) and default, and the bots (weakest first, the default one). A board adds the bots' level
// and its own fields (the bots' pace, a move timer), which the engine never sees.
//
// A field is {name, key, kind, values, default, label?, text?}: `name` is what the engine calls it, `key` what the
// page stores and names its control by (the same, but where a game's stored data kept another name), `kind` is
// "option", "table", "bots" or "page". Every value is checked against the field's values, strictly (4 is not "4",
// true is not 1): a value that is missing, damaged or not on offer any more (a renamed bot) is the default.
//
// Where a board keeps its settings in localStorage (its adapter's `store`, each game's own key, read by every
// release so a returning visitor keeps them):
//   {key, version}                     the settings alone, {version, <key>: value, ...} (one without a version is
//                                      read too where `unversioned`: the board wrote those before versions)
//   {key, version, within: "settings", beside: {game: null}}
//                                      {version, settings: {...}, <other fields kept as they are, `beside` gives
//                                      their values where there are none>}

// The fields of a game's settings: its options, its table options, the bots' level, then the board's own.
export function settingFields(schema, { keys = {}, page = [], bots = true } = {}) {
  const field = (kind) => (option) => ({
    name: option.name,
    key: keys[option.name] ?? option.name,
    kind,
    values: [...option.values],
    default: option.default,
  });
  return [
    ...schema.options.map(field("option")),
    ...(schema.tableOptions ?? []).map(field("table")),
    ...(bots ? [{ name: "bots", key: "bots", kind: "bots", values: [...schema.bots], default: schema.defaultBot }] : []),
    ...page.map((extra) => ({ key: extra.name, kind: "page", ...extra, values: [...extra.values] })),
  ];
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// Whether `value` is one of the field's values (the same type too).
export const allowed = (field, value) => field.values.some((choice) => choice === value);

// Settings from anything (a stored value, parsed or not, a form's): each field checked on its own.
export function checkSettings(fields, value) {
  const given = isObject(value) ? value : {};
  const settings = {};
  for (const field of fields) {
    const chosen = Object.hasOwn(given, field.key) ? given[field.key] : undefined;
    settings[field.key] = allowed(field, chosen) ? chosen : field.default;
  }
  return settings;
}

// The engine's options for a new game or a table (the game's, its table options, and `bots` for a board's bots), by
// their names: what `new` and `create` are sent. A game whose options depend on each other (one that goes only with
// another) gives its own (its adapter's `options`).
export function engineOptions(fields, settings, kinds = ["option", "table", "bots"]) {
  const options = {};
  for (const field of fields) if (kinds.includes(field.kind)) options[field.name] = settings[field.key];
  return options;
}

// A value of a form's control, as the field's values have it: a select or a radio gives text, a number's field
// wants its number back; a checkbox gives whether it is ticked.
export function fromControl(field, raw) {
  if (typeof raw === "boolean") return raw;
  return field.values.find((choice) => String(choice) === raw) ?? raw;
}

// --- stored in localStorage -----------------------------------------------------------------------------------------

// The stored value, checked: its settings, and the whole value (another field of it, a save of the release before).
export function readStore(store, stored, fields) {
  const whole = isObject(stored) ? stored : null;
  const known = whole !== null && (whole.version === store.version || (store.unversioned && whole.version === undefined));
  const part = known ? (store.within ? whole[store.within] : whole) : null;
  return { settings: checkSettings(fields, part), whole: known ? whole : null };
}

// The value to store: the settings (checked) with the version, and whatever else the value held (`whole`).
export function storeValue(store, settings, fields, whole = null) {
  const checked = checkSettings(fields, settings);
  if (!store.within) return { version: store.version, ...checked };
  return { ...store.beside, ...(whole ?? {}), version: store.version, [store.within]: checked };
}

// A board's save of the release before, kept in localStorage beside the settings (each game's own place): the
// engine's resume data ("save", handed back untouched: the page checks only that it is an object) and its bots, or
// null when there is none this release can restore (one of another version is forgotten).
export function checkSavedGame(value, { version, bots, defaultBot, unversioned = false }) {
  if (!isObject(value) || !isObject(value.save)) return null;
  if (value.version === undefined ? !unversioned : value.version !== version) return null;
  return { save: value.save, bots: bots.includes(value.bots) ? value.bots : defaultBot };
}

export function savedGameToStore({ save, bots: level }, { version, bots, defaultBot }) {
  return { version, save, bots: bots.includes(level) ? level : defaultBot };
}
