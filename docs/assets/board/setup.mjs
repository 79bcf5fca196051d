// A board's part: its settings, read from the game's schema (settings.mjs), kept in localStorage where the game's
// adapter says (its `store`: every release reads what the one before wrote), and drawn as a form (form.mjs), in the
// loader before the engine runs and under the game once it does.

const version = new URL(import.meta.url).search;
const [{ h }, settings, form, { readStored, writeStored }, { storage }] = await Promise.all([
  import(`./dom.mjs${version}`),
  import(`./settings.mjs${version}`),
  import(`./form.mjs${version}`),
  import(`./state.mjs${version}`),
  import(`./saves.mjs${version}`),
]);

export class Setup {
  constructor(board) {
    this.board = board;
    const { game } = board;
    board.fields = settings.settingFields(board.schema, { keys: game.keys, page: game.page });
    board.settings = this.load();
  }

  load() {
    const { game, fields } = this.board;
    return settings.readStore(game.store, readStored(storage(), game.store.key), fields).settings;
  }

  store() {
    const { game, fields } = this.board;
    const { whole } = settings.readStore(game.store, readStored(storage(), game.store.key), fields);
    writeStored(storage(), game.store.key, settings.storeValue(game.store, this.board.settings, fields, whole));
  }

  // The form, drawn from the fields with the game's words for them; each change is read, kept and shown.
  form() {
    const board = this.board;
    const { block, attr, radios = [] } = board.game;
    const drawn = form.drawFields(board.fields, board.settings, {
      words: board.text.options,
      classes: { choice: `${block}__choice`, select: `${block}__select` },
      attr,
      radios,
      prefix: `${board.name}-`,
    });
    const element = h("form", { class: `${block}__settings`, [`data-${attr}-settings`]: "", autocomplete: "off" }, drawn);
    element.addEventListener("submit", (event) => event.preventDefault());
    element.addEventListener("change", () => {
      this.read(element);
      board.game.settingsChanged?.();
    });
    this.shown(element);
    return element;
  }

  // What the form offers with the settings chosen, and the adapter's own touches.
  shown(element) {
    const { game, settings: values } = this.board;
    form.showOffered(element, game.hidden?.(values, "board"));
    game.formShown?.(element);
  }

  // The settings as the form shows them. A new game reads them again: a choice that reached the form without a
  // change event (made while the page was still setting the board up, or put back by the browser's own form
  // restoring, which the form refuses with autocomplete="off") is not lost to the settings read before it.
  read(element = this.board.form) {
    const board = this.board;
    const { radios = [] } = board.game;
    const shown = form.readFields(board.fields, element, { radios, prefix: `${board.name}-` });
    board.settings = settings.checkSettings(board.fields, { ...board.settings, ...shown });
    this.store();
    this.shown(element);
  }

  // The engine's options for a new game (or an online table) with these settings.
  options(values = this.board.settings) {
    return this.board.game.options?.(values) ?? settings.engineOptions(this.board.fields, values);
  }

  // What a resumed game is resumed with (the bots, the table options), kept beside its save.
  resumeMeta() {
    return settings.engineOptions(this.board.fields, this.board.settings, ["table", "bots"]);
  }
}
