// The online table's words (docs/assets/board/online-words.mjs) under Node's own test runner, for every game: the
// seat list's lines, the "While you were away" summary (the bot's moves for this seat, in the server's notation,
// worded, hand by hand), the phrases said at the table in the reader's language, the watchers, the open tables'
// lines, and the page's own limit on phrases.
//
//   node --test tests/node/board_online_words.test.mjs     (tests/test_board_node.py runs it from pytest)

import assert from "node:assert/strict";
import test from "node:test";

const words = await import("../../docs/assets/board/online-words.mjs");

const t = {
  lang: "en",
  seat: "Seat {number}",
  seatNamed: "{name} ({seat})",
  away: "While you were away, the bot played for you.",
  awayPart: "{part}: {moves}",
  part: "Hand {number}",
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
  assert.deepEqual(words.missedSummary(missed, 1, okey, "en", 2), [
    "While you were away, the bot played for you.",
    "Hand 2: drew a tile, discarded red 7, and laid off yellow 4",
  ]);
  assert.equal(words.missedSummary(missed, 2, okey, "en", 2), null); // its own moves: nothing to sum up
  assert.match(words.missedSummary(missed, 1, okey, "fi", 2)[1], /drew a tile, discarded red 7 ja laid off yellow 4/);
});

test("the away summary says which hand each move was in: a deal starts the next one", () => {
  const missed = [
    { version: 5, kind: "act", seat: 1, action: "discard R7", auto: true },
    { version: 6, kind: "act", seat: 0, action: "draw", auto: false },
    { version: 7, kind: "deal", seat: null },
    { version: 8, kind: "act", seat: 1, action: "draw", auto: true },
    { version: 9, kind: "act", seat: 1, action: "meld R4 R5 *R6, B9 B9", auto: true },
  ];
  assert.deepEqual(words.missedSummary(missed, 1, { ...okey, part: "Round {number}" }, "en", 3), [
    "While you were away, the bot played for you.",
    "Round 2: discarded red 7",
    "Round 3: drew a tile and laid down red 4, red 5, okey as red 6; blue 9, blue 9",
  ]);
});

test("Sniff's placements name the tile as the board does", () => {
  const missed = [{ kind: "act", seat: 0, action: "1|3 on 1|2 low", auto: true }, { kind: "act", seat: 0, action: "pass", auto: true }];
  assert.deepEqual(words.missedSummary(missed, 0, sniff, "en", 1), ["While you were away, the bot played for you.", "Hand 1: played [1|3] and passed"]);
  assert.equal(words.missedClause("1|2", sniff), "played [1|2]", "an opening tile");
  assert.equal(words.tileWords("3|4", sniff), "[3|4]");
});

test("Okey's lay-downs name every tile of every meld, each meld apart, a lay-off and a seize the tile they lay", () => {
  assert.equal(words.missedClause("meld R4 R5 *R6, B9 B9", okey), "laid down red 4, red 5, okey as red 6; blue 9, blue 9");
  assert.equal(words.missedClause("meld R4 R5 *R6", okey), "laid down red 4, red 5, and okey as red 6");
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

const around = {
  ...t,
  you: "You",
  spectator: "A spectator",
  said: "{name}: {phrase}",
  saidYou: "You said: {phrase}",
  phrases: { hello: "Hello!", "good-luck": "Good luck!" },
  watchers: { one: "{count} person watching", other: "{count} people watching" },
  listFree: "{seat}: free seat",
  listBot: "{seat}: bot",
  timer: "Time for each move",
  seconds: "{seconds} seconds",
  options: { players: { label: "Players" }, rules: { label: "Rules", values: { american: "American Sniff" } }, partnerships: { label: "Partnerships" } },
};

test("a phrase is worded in the reader's language beside who said it; an unknown id is not shown", () => {
  const seats = [{ seat: 0, name: "Ada" }, { seat: 1 }];
  assert.equal(words.phraseLine({ seat: 0, phrase: "hello" }, 1, seats, around), "Ada (Seat 1): Hello!");
  assert.equal(words.phraseLine({ seat: 1, phrase: "good-luck" }, 1, seats, around), "You said: Good luck!");
  assert.equal(words.phraseLine({ seat: 1, phrase: "good-luck" }, 0, seats, around), "Seat 2: Good luck!");
  assert.equal(words.phraseLine({ seat: null, phrase: "hello" }, 0, seats, around), "A spectator: Hello!");
  assert.equal(words.phraseLine({ seat: 0, phrase: "<script>" }, 1, seats, around), null);
  assert.equal(words.phraseLine({ seat: 0, phrase: "toString" }, 1, seats, around), null);
  // Finnish words: the same phrase id, this page's own text.
  const fi = { ...around, said: "{name}: {phrase}", phrases: { hello: "Hei!" }, seat: "Paikka {number}" };
  assert.equal(words.phraseLine({ seat: 0, phrase: "hello" }, 1, [{ seat: 0 }], fi), "Paikka 1: Hei!");
});

test("the watchers in the page's plural, nobody said nothing", () => {
  assert.equal(words.watchersText(0, around), null);
  assert.equal(words.watchersText(1, around), "1 person watching");
  assert.equal(words.watchersText(3, around), "3 people watching");
  assert.equal(words.watchersText(1, { ...around, lang: "id" }), "1 people watching"); // Indonesian: one form
});

test("an open table's line: its options, its seats by name, a free seat and a bot; Join only with a free seat", () => {
  const seats = [
    { seat: 0, kind: "human", taken: true, name: "Ada" },
    { seat: 1, kind: "bot", taken: false, open: true },
    { seat: 2, kind: "bot", level: "greedy" }, // a bot's own seat: no `taken`
    { seat: 3, kind: "human", taken: false, reserved: true, name: "Dan" },
  ];
  assert.deepEqual(words.listedSeats(seats, around), ["Ada (Seat 1)", "Seat 2: free seat", "Seat 3: bot", "Dan (Seat 4)"]);
  assert.equal(words.hasFreeSeat(seats), true);
  assert.equal(words.hasFreeSeat([seats[0], seats[2], seats[3]]), false); // a seat a rematch keeps is nobody else's
  assert.equal(words.optionsText({ players: 2, rules: "american", partnerships: false, timer: 60 }, around), "Players: 2 · Rules: American Sniff · Time for each move: 60 seconds");
  assert.equal(words.optionsText({ players: 4, partnerships: true, timer: 0 }, around), "Players: 4 · Partnerships");
});

test("the page keeps to the server's rate of phrases: three at once, then one every two seconds", () => {
  const limit = new words.PhraseLimit(3, 2000);
  assert.deepEqual([0, 10, 20, 30].map((now) => limit.take(now)), [true, true, true, false]);
  const wait = limit.wait(30);
  assert.ok(wait > 1900 && wait <= 2000, `${wait} ms to wait`);
  assert.equal(limit.take(1999), false);
  assert.equal(limit.take(2020), true);
  assert.equal(limit.take(2030), false);
  assert.equal(limit.take(60_000), true); // a long pause gives the three back, never more
  assert.deepEqual([60_001, 60_002, 60_003].map((now) => limit.take(now)), [true, true, false]);
});
