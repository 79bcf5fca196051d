// A form of settings drawn from their fields (settings.mjs), for any game: a board's settings (controller.mjs) and
// an online lobby's options (online-lobby.mjs) alike. Nothing is written out per game: a field of true and false is
// a checkbox, one the caller names in `radios` a group of radio buttons, any other a select; each in the order of
// the fields. The words come from the page (a game's catalogs, written in by the build):
//   words[name] = {label, values: {<value>: text}}   (a value without words is written as it is: "3")
// and a board's own field may carry its own: {label, text(value)}.
//
// The controls are named by the field's key (a radio group by "<prefix><key>", so two forms on a page never share a
// group), carry data-setting="<key>" and data-<attr>-<key> on their label or fieldset (a game's adapter finds them
// by it), and, where `ids` is given, the id <ids><key> (a label elsewhere, a test, points at it). A field the game
// does not offer with the values chosen (its adapter's hidden(values)) is hidden: showOffered.

const version = new URL(import.meta.url).search;
const { h } = await import(`./dom.mjs${version}`);
const { fromControl } = await import(`./settings.mjs${version}`);

// The words of a field and of one of its values.
export function labelOf(field, words) {
  return field.label ?? words?.[field.name]?.label ?? field.name;
}

export function textOf(field, value, words) {
  if (field.text) return field.text(value);
  return words?.[field.name]?.values?.[String(value)] ?? String(value);
}

const isBoolean = (field) => field.values.length === 2 && field.values.every((value) => typeof value === "boolean");

// The controls of `fields` showing `values` (by key): an array of elements, for the caller's form or fieldset.
export function drawFields(fields, values, { words, classes = {}, attr, radios = [], prefix = "", ids = null }) {
  const data = (field) => ({ "data-setting": field.key, ...(attr ? { [`data-${attr}-${field.key}`]: "" } : {}) });
  const id = (field) => (ids === null ? null : `${ids}${field.key}`);
  return fields.map((field) => {
    const value = values[field.key];
    const label = labelOf(field, words);
    if (isBoolean(field)) {
      const box = h("input", { type: "checkbox", id: id(field), name: field.key, checked: value === true });
      return h("label", { class: classes.choice, ...data(field) }, box, " ", h("span", {}, label));
    }
    if (radios.includes(field.name)) {
      const choices = field.values.map((choice) =>
        h(
          "label",
          { class: classes.choice },
          h("input", { type: "radio", name: `${prefix}${field.key}`, value: choice, checked: choice === value }),
          " ",
          h("span", {}, textOf(field, choice, words)),
        ),
      );
      return h("fieldset", { id: id(field), ...data(field) }, h("legend", {}, label), choices);
    }
    const options = field.values.map((choice) => h("option", { value: choice, selected: choice === value }, textOf(field, choice, words)));
    return h("label", { class: classes.select, ...data(field) }, h("span", {}, label), h("select", { id: id(field), name: field.key }, options));
  });
}

// The values the controls in `root` show, by key, as the fields' values have them (a radio group named as
// drawFields names it). A control that is not there gives nothing (settings.mjs checkSettings gives the default).
export function readFields(fields, root, { radios = [], prefix = "" } = {}) {
  const values = {};
  for (const field of fields) {
    if (isBoolean(field)) {
      const box = root.querySelector(`input[type=checkbox][name="${field.key}"]`);
      if (box) values[field.key] = box.checked;
    } else if (radios.includes(field.name)) {
      const chosen = root.querySelector(`input[type=radio][name="${prefix}${field.key}"]:checked`);
      if (chosen) values[field.key] = fromControl(field, chosen.value);
    } else {
      const select = root.querySelector(`select[name="${field.key}"]`);
      if (select) values[field.key] = fromControl(field, select.value);
    }
  }
  return values;
}

// Hide the controls in `root` of the fields whose keys are in `hidden`, show the others.
export function showOffered(root, hidden = []) {
  for (const control of root.querySelectorAll("[data-setting]")) control.hidden = hidden.includes(control.dataset.setting);
}
