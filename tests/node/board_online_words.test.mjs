// The online table's words (docs/assets/board/online-words.mjs) under Node's own test runner, for every game: the
// seat list's lines, and the "While you were away" summary as a list of the bot's moves for this seat, in the
// server's notation, worded.
//
//   node --test tests/node/board_online_words.test.mjs     (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

const words = await import("../../docs/assets/board/online-words.mjs");

const t = {
  lang: "en",
  seat: "Seat {number}",
  away: "While you were away, the bot played for you: {moves}.",
  missed: {
    draw: "drew a tile",
    pass: "passed",
    take: "took the last discard",
    decline: "declined the last discard",
    play: "played {tile}",
    discard: "discarded {tile}",
    meld: "laid down {tiles}",
    pairs: "laid down {tiles}",
    layoff: "laid off {tile}",
    seize: "seized {tile}",
  },
};
// Each game names its tiles as its board does: Okey's in words, Sniff's in the notation between brackets.
const okey = { ...t, tileNames: { R7: "red 7", Y4: "yellow 4", R4: "red 4", R5: "red 5", "*R6": "okey as red 6", B9: "blue 9" } };
const sniff = { ...t, tileName: "[{tile}]" };

test("the moves the bot made for this seat, as one list in the page's language", () => {
  const missed = [
    { version: 5, kind: "act", seat: 1, action: "draw", auto: true },
    { version: 6, kind: "act", seat: 1, action: "discard R7", auto: true },
    { version: 7, kind: "act", seat: 2, action: "draw", auto: false },
    { version: 8, kind: "act", seat: 1, action: "layoff Y4 on 0", auto: true },
  ];
  assert.equal(
    words.missedSummary(missed, 1, okey, "en"),
    "While you were away, the bot played for you: drew a tile, discarded red 7, and laid off yellow 4.",
  );
  assert.equal(words.missedSummary(missed, 2, okey, "en"), null); // its own moves: nothing to sum up
  assert.match(words.missedSummary(missed, 1, okey, "fi"), /drew a tile, discarded red 7 ja laid off yellow 4/);
});

test("Sniff's placements name the tile as the board does", () => {
  const missed = [{ kind: "act", seat: 0, action: "1|3 on 1|2 low", auto: true }, { kind: "act", seat: 0, action: "pass", auto: true }];
  assert.equal(words.missedSummary(missed, 0, sniff, "en"), "While you were away, the bot played for you: played [1|3] and passed.");
  assert.equal(words.missedClause("1|2", sniff), "played [1|2]", "an opening tile");
  assert.equal(words.tileWords("3|4", sniff), "[3|4]");
});

test("Okey's lay-downs name every tile of every meld, a lay-off and a seize the tile they lay", () => {
  assert.equal(words.missedClause("meld R4 R5 *R6, B9 B9", okey), "laid down red 4, red 5, okey as red 6, blue 9, and blue 9");
  assert.equal(words.missedClause("seize R7 on 2", okey), "seized red 7");
  assert.equal(words.missedClause("take", okey), "took the last discard");
  assert.equal(words.tileWords("K13", okey), "K13", "a tile without a name is its notation");
});

test("each seat of the list is one whole message: the away seat says once that the bot plays it", () => {
  const seats = {
    ...t,
    botMark: "the bot plays",
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
