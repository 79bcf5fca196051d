// The online table's words (docs/assets/board/online-words.mjs) under Node's own test runner: the server's
// notation and events worded, and the "While you were away" summary as a list of the bot's moves for this seat.
//
//   node --test tests/node/board_online_words.test.mjs     (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

const words = await import("../../docs/assets/board/online-words.mjs");

const t = {
  lang: "en",
  seat: "Seat {number}",
  botMark: "the bot plays",
  away: "While you were away, the bot played for you: {moves}.",
  missedDrew: "drew a tile",
  missedPassed: "passed",
  missedTook: "took the last discard",
  missedDeclined: "declined the last discard",
  missedPlayed: "played {tile}",
  missedDiscarded: "discarded {tile}",
  missedMelded: "laid down {tiles}",
  missedLaidOff: "laid off {tile}",
  missedSeized: "seized {tile}",
  tileNames: { R7: "red 7", Y4: "yellow 4", R4: "red 4", R5: "red 5", "*R6": "okey as red 6" },
  actions: {
    draw: "Draw from the pile",
    discard: "Discard {tile}",
    meld: "Lay down {melds}",
    layoff: "Lay off {tile} on meld {item}",
    open: "Open with {tile}",
    low: "Place {tile} on {target} low end",
  },
};

test("the moves the bot made for this seat, as one list in the page's language", () => {
  const missed = [
    { version: 5, kind: "act", seat: 1, action: "draw", auto: true },
    { version: 6, kind: "act", seat: 1, action: "discard R7", auto: true },
    { version: 7, kind: "act", seat: 2, action: "draw", auto: false },
    { version: 8, kind: "act", seat: 1, action: "layoff Y4 on 0", auto: true },
  ];
  assert.equal(
    words.missedSummary(missed, 1, "okey", t, "en"),
    "While you were away, the bot played for you: drew a tile, discarded red 7, and laid off yellow 4.",
  );
  assert.equal(words.missedSummary(missed, 2, "okey", t, "en"), null); // its own moves: nothing to sum up
  assert.match(words.missedSummary(missed, 1, "okey", t, "fi"), /drew a tile, discarded red 7 ja laid off yellow 4/);
});

test("Sniff's placements name the tile as the board does", () => {
  const missed = [{ kind: "act", seat: 0, action: "1|3 on 1|2 low", auto: true }, { kind: "act", seat: 0, action: "pass", auto: true }];
  assert.equal(words.missedSummary(missed, 0, "sniff", t, "en"), "While you were away, the bot played for you: played [1|3] and passed.");
  assert.equal(words.actionLabel("1|3 on 1|2 low", "sniff", t), "Place [1|3] on [1|2] low end");
  assert.equal(words.actionLabel("1|2", "sniff", t), "Open with [1|2]");
});

test("Okey's actions and events in words, melds by their tiles' names", () => {
  assert.equal(words.actionLabel("meld R4 R5 *R6", "okey", t), "Lay down red 4 red 5 okey as red 6");
  assert.equal(words.actionLabel("layoff Y4 on 2", "okey", t), "Lay off yellow 4 on meld 3");
  const seatName = (seat) => `Seat ${seat + 1}`;
  assert.equal(words.eventLine({ seat: 2, discard: "R7", auto: true }, "okey", t, seatName), "Seat 3: Discard red 7 (the bot plays)");
  assert.equal(words.eventLine({ seat: 0, draw: null }, "okey", t, seatName), "Seat 1: Draw from the pile");
});

test("each seat of the list is one whole message: the away seat says once that the bot plays it", () => {
  const seats = {
    ...t,
    seatYou: "{seat} (you)",
    seatFree: "{seat}: waiting for a friend",
    seatTaken: "{seat}: a friend",
    seatBot: "{seat}: bot",
    seatAway: "{seat}: away, the bot plays",
  };
  const line = (info, name = `Seat ${info.seat + 1}`) => words.seatLine(info, 0, seats, name);
  assert.equal(line({ seat: 0, kind: "human", taken: true }), "Seat 1 (you)");
  assert.equal(line({ seat: 1, kind: "away", taken: true }), "Seat 2: away, the bot plays");
  assert.equal(line({ seat: 2, kind: "away", taken: true, name: "Ada" }, "Ada (Seat 3)"), "Ada (Seat 3): away, the bot plays");
  assert.equal(line({ seat: 3, kind: "bot", taken: true }), "Seat 4: bot");
  assert.equal(line({ seat: 1, kind: "human", taken: false }), "Seat 2: waiting for a friend");
  assert.equal(line({ seat: 1, kind: "human", taken: true, name: "Ada" }, "Ada (Seat 2)"), "Ada (Seat 2)");
  for (const kind of ["human", "bot", "away"]) {
    const text = line({ seat: 1, kind, taken: true });
    assert.ok(text.split(seats.botMark).length <= 2, `${kind}: ${text} names the bot once at most`);
  }
});
