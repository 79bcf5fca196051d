// Where an online table's page keeps its seats and how its links read (online.mjs): the seat's token in
// localStorage under the table's id (a reload, a reopened tab, a dropped connection rejoin it), and the links a page
// gives: #table=<id>&invite=…&c=<commitment> (a seat), #watch=<id> (a spectator's), #replay=<id>&c=… (the replay).

const KEY = "online-table:";
// A link's invite, sent only when there is one (a public table needs none).

export const invited = (invite) => (invite ? { invite } : {});

export const store = {
  get(table) {
    try {
      return JSON.parse(localStorage.getItem(KEY + table) ?? "null");
    } catch {
      return null;
    }
  },
  set(table, value) {
    try {
      localStorage.setItem(KEY + table, JSON.stringify(value));
    } catch {
      // private mode: the seat lasts as long as the page
    }
  },
  forget(table) {
    try {
      localStorage.removeItem(KEY + table);
    } catch {
      // private mode
    }
  },
};

// A link's hash: `kind` (table, watch, replay) naming the table, with its invite and commitment when it has them.
export function hash({ id, invite, commitment }, kind = "table") {
  const fields = { [kind]: id };
  if (invite && kind !== "replay") fields.invite = invite;
  if (commitment) fields.c = commitment;
  return new URLSearchParams(fields).toString();
}

export function address(hashed) {
  return `${location.origin}${location.pathname}#${hashed}`;
}
