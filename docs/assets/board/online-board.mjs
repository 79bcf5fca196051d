// An online table's board (online.mjs): the game's own board (controller.mjs with the game's adapter), started
// (Pyodide, once) the first time the table plays and handed the table as its source (online-source.mjs), the
// table's panel above it. While the table waits for its players there is no board: not the board's own New game and
// demo layout beside a table, whether it was just made, joined or reloaded (online-source.mjs hides a rematch's
// finished game until the next one begins).

const version = new URL(import.meta.url).search;
const { boardOf } = await import(`./controller.mjs${version}`);

// What the board plays: the table's states; its moves go to the server (a spectator's board sends none).
export function tableSource(online) {
  return { act: (action) => online.send(action), state: () => online.state, watching: () => Boolean(online.table?.watching) };
}

// The table's state changed: no board while it waits, else the board, started if it was not, given the state.
export function follow(online, state) {
  if (!online.boardReady && online.boardRoot) online.boardRoot.hidden = state.status === "waiting";
  if (state.status !== "waiting") tableBoard(online)?.then((board) => board?.online.take(online.state));
}

// The game's board, started once (Pyodide's boot the first time), the table's panel moved above it.
function tableBoard(online) {
  online.boardReady ??= (async () => {
    if (!online.boardRoot) return null;
    online.boardRoot.hidden = false; // the table's game has begun: its board
    const board = await boardOf(online.boardRoot);
    online.boardRoot.insertBefore(online.section, board.section);
    await board.online.play(online.source);
    return board;
  })();
  return online.boardReady;
}
