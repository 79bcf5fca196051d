"""The values a message's placeholders take, in one language, named by the engine's own words.

``Samples(lang).values(name, message, games)`` gives the values of ``{name}`` in a message of ``games``
(``sniff``, ``okey`` or both: the message's source files say, ``scripts/terms.py``), each a ``Value``: the
text the code passes, what it is (shown to the translator), and how many it counts (a number, or the items
of a list) for a plural message. They mirror what the code passes: the visitor's seat where a message is
said of it too ("{who} is charged {points}"), never where the visitor has messages of its own ("You take
{tile}." beside "{seat} takes {tile}."); one tile and several; the false joker and an okey standing for a
tile; numbers read with a vowel in Italian (1, 8, 11, 80). A placeholder nobody described fails with
``UnknownPlaceholder``: say here what it holds, and every message that uses it is rendered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from babel.dates import format_date

from engine.core.i18n import translations
from engine.core.review_text import ReviewWords
from engine.okey.board.text import Words as OkeyTableWords
from engine.okey.melds import Piece
from engine.okey.render.review import Words as OkeyReviewWords
from engine.okey.render.text import Words as OkeyWords
from engine.okey.tiles import Tile as OkeyTile
from engine.sniff.board.text import Words as SniffTableWords
from engine.sniff.notation import parse_placement
from engine.sniff.render.practice import Words as SniffPracticeWords
from engine.sniff.render.review import Words as SniffReviewWords
from engine.sniff.render.text import side_name
from engine.sniff.tiles import Side
from engine.sniff.tiles import Tile as SniffTile


class UnknownPlaceholder(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Value:
    text: str
    label: str = ""
    count: int = 1


#: Numbers: one (the singular), two, and numbers an Italian article must agree with (l'8, l'11).
NUMBERS = (1, 2, 8, 11)


def _numbers(values=NUMBERS) -> list[Value]:
    return [Value(str(n), str(n), n) for n in values]


class Samples:
    """Every placeholder's values in ``lang``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.okey = OkeyWords(lang)
        self.table = OkeyTableWords(lang)
        self.pairs_table = OkeyTableWords(lang, mode="pairs")
        self.sniff = SniffTableWords(lang, players=4)
        self.sniff_practice = SniffPracticeWords(lang)
        self.sniff_review = SniffReviewWords(lang)
        self.okey_review = OkeyReviewWords(lang)
        self.review = ReviewWords(lang)
        self.practice = translations(lang, "practice").gettext
        self.okey_say = translations(lang, "okey").gettext

    # -- Okey -----------------------------------------------------------------------------------------------

    def okey_tile(self, code: str) -> str:
        return self.okey.tile(OkeyTile.parse(code))

    def okey_piece(self, code: str) -> str:
        stands = OkeyTile.parse(code)
        return self.okey.piece(Piece(stands, stands, True))

    def okey_tiles(self) -> list[Value]:
        return [
            Value(self.okey_tile("R8"), "a tile"),
            Value(self.okey_tile("FJ"), "the false joker"),
            Value(self.okey_piece("K11"), "an okey standing for a tile"),
            Value(self.okey_say("okey ({tile})").format(tile=self.okey_tile("B9")), "an okey, by its face"),
        ]

    def okey_lists(self) -> list[Value]:
        three = ", ".join([self.okey_tile("R8"), self.okey_tile("FJ"), self.okey_tile("B11")])
        return [
            Value(self.okey_tile("R8"), "one tile", 1),
            Value(three, "three tiles", 3),
            Value(self.okey_tile("FJ"), "one tile: the false joker", 1),
        ]

    def okey_melds(self, several: bool) -> list[Value]:
        run = ", ".join([self.okey_tile("R4"), self.okey_tile("R5"), self.okey_piece("R6")])
        group = ", ".join([self.okey_tile("K11"), self.okey_tile("R11"), self.okey_tile("B11")])
        values = [Value(run, "a run with an okey", 1), Value(group, "a set", 1)]
        if several:
            values.insert(1, Value(f"{run}; {group}", "two melds", 2))
        return values

    def okey_pairs(self) -> list[Value]:
        pairs = [f"{self.okey_tile(c)}, {self.okey_tile(c)}" for c in ("R1", "B8", "K11", "Y3", "R13")]
        return [Value("; ".join(pairs), "five pairs", 5), Value(pairs[0], "one pair", 1)]

    def okey_seats(self, message) -> list[Value]:
        """Seat names as the message's module gives them, the visitor's own where the module says it so."""
        domain = message.domain
        if domain == "okeyplay" or (domain == "online" and "{tile}" in message.msgid):
            return [Value(self.table.seat(s), f"seat {s}") for s in (1, 2, 3)]
        if domain == "review":
            return [Value(self.okey_review.seat(s, 0), f"seat {s}") for s in (1, 2, 3)]
        say = self.okey_say
        partner = Value(say("Your partner"), "your partner (pairs)")
        seats = [Value(say("Seat {seat}").format(seat=s), f"seat {s}") for s in (1, 3)]
        return [partner, *seats]

    # -- Sniff ----------------------------------------------------------------------------------------------

    def sniff_tiles(self, bracketed: bool) -> list[Value]:
        tiles = [SniffTile.parse("4|5"), SniffTile.parse("3|3"), SniffTile.parse("0|6")]
        return [Value(str(t) if bracketed else t.notation(), "a tile") for t in tiles]

    def sniff_players(self, message) -> list[Value]:
        if message.domain == "practice":
            return [Value(self.sniff_practice.seat(s), f"player {s + 1}") for s in (0, 1, 2)]
        return [Value(self.sniff.seat(s), f"seat {s}") for s in (1, 2, 3)]

    def sniff_placements(self, message) -> list[Value]:
        notations = ("3|4 on 4|4 line-b", "1|6 on 1|4 low", "5|5 on 0|5 high")
        if message.domain == "review":
            return [Value(self.sniff_review.placement(n), "a placement") for n in notations]
        return [Value(self.sniff_practice.placement(parse_placement(n)), "a placement") for n in notations]

    def sniff_ends(self, count: int) -> Value:
        ends = [(SniffTile.parse("3|4"), Side.HIGH), (SniffTile.parse("4|4"), Side.LINE_A)][:count]
        text = ", ".join(self.sniff_practice.end(tile, side) for tile, side in ends)
        return Value(text, f"{count} open end{'s' if count > 1 else ''}", count)

    def sniff_or(self, items) -> str:
        return self.practice(" or ").join(items)

    def sniff_sides(self, message) -> list[Value]:
        if message.msgid == "{side} {score}":
            return [Value(self.sniff.side(s), f"side {s}") for s in (0, 1)]
        if message.domain == "practice" and message.msgid.startswith("{side}:"):
            say = self.practice
            return [Value(say("Players {first} and {second}").format(first=1, second=3), "a partnership")]
        return [Value(side_name(s, self.lang), s.name.lower()) for s in (Side.HIGH, Side.LINE_A, Side.BRANCH_B)]

    # -- the table of placeholders ------------------------------------------------------------------------------

    def values(self, name: str, message, games: frozenset[str]) -> list[Value]:
        games = ONE_GAME.get((message.domain, message.msgid), games)
        found: list[Value] = []
        for game in sorted(games):
            maker = _TABLE.get((message.domain, name)) or _TABLE.get((game, name)) or _TABLE.get(("*", name))
            for value in maker(self, message) if maker else ():
                if value.text not in {v.text for v in found}:
                    found.append(value)
        if not found:
            raise UnknownPlaceholder(
                f"{message.domain}: {{{name}}} in {message.msgid!r}: scripts/sentence_samples.py does not say "
                "what values it takes; add them to _TABLE"
            )
        return found


def _points(s: Samples, message) -> list[Value]:
    return [Value(s.review.points(n), f"{n} points", n) for n in (1, 10, 80, 0)]


def _signed(s: Samples, message) -> list[Value]:
    return [Value(s.okey.signed(n), str(n), abs(n)) for n in (-500, 80, 0, 1000)]


def _okey_reason(s: Samples, message) -> list[Value]:
    return [Value(s.okey.reason(c), c) for c in ("okey-run-gap", "okey-set-colour-twice")]


def _reason(s: Samples, message) -> list[Value]:
    if message.domain == "okeyplay" and "charged" in message.msgid:
        say = translations(s.lang, "okeyplay").gettext
        reasons = ("the discard was taken", "a tile was laid off on that seat's meld", "penalty tile")
        return [Value(say(r), r) for r in reasons]
    if message.domain == "okey":
        return _okey_reason(s, message)
    if message.domain == "online":
        say = translations(s.lang, "online").gettext
        return [Value(say("every seat is taken."), "a refusal"), Value(say("the game is over."), "a refusal")]
    return [Value("…", "the engine's reason, in its own words")]


def _text(label: str) -> Callable:
    return lambda s, message: [Value("…", label)]


Maker = Callable[[Samples, object], list[Value]]

#: Messages whose {tile} is the tile an okey or a false joker stands for, or an okey's face: never a false joker.
STANDS_FOR = {"okey as {tile}", "false joker as {tile}", "okey ({tile})", "Lay off the okey as {tile} on {meld}"}
#: Messages of a shared file that only one game's page says (the online table's words for each game's moves).
ONE_GAME = {
    ("online", "played {tile}"): frozenset({"sniff"}),
    **{
        ("online", msgid): frozenset({"okey"})
        for msgid in (
            "discarded {tile}",
            "laid down {tiles}",
            "laid off {tile}",
            "seized {tile}",
            "Discard {tile}",
            "Lay down {melds}",
            "Lay down the pairs {melds}",
            "Lay off {tile} on meld {item}",
            "Take the okey from meld {item} with {tile}",
        )
    },
}

_TABLE: dict[tuple[str, str], Maker] = {
    # numbers
    **{
        ("*", name): (lambda s, m: _numbers())
        for name in (
            "count",
            "n",
            "number",
            "points",
            "pips",
            "total",
            "threshold",
            "value",
            "seconds",
            "step",
            "steps",
            "loaded",
            "limit",
            "max",
            "line",
            "placement",
            "seed",
            "level",
            "hand",
            "round",
            "move",
            "turn",
            "item",
            "times",
            "least",
            "missing",
            "last",
            "reserve",
            "players",
            "deduction",
            "difference",
            "rounded",
            "own",
            "others",
            "opponents",
            "score",
            "target",
            "low",
            "high",
            "samples",
            "first",
            "second",
            "seat",
            "sum",
        )
    },
    ("*", "size"): lambda s, m: [Value("12 MB" if m.domain == "board" else "28", "a size")],
    ("board", "number"): lambda s, m: _numbers((1, 12)),
    ("diagram", "players"): lambda s, m: _numbers((2, 4)),
    ("*", "digest"): lambda s, m: [Value("3b9f0c2d81e4…", "a SHA-256, in hexadecimal")],
    ("*", "event"): lambda s, m: _numbers((1, 8)),
    ("*", "reason"): _reason,
    ("*", "name"): lambda s, m: [Value("Ada", "a name a player typed")],
    ("*", "moves"): lambda s, m: [Value("…", "the moves, as a list (Intl.ListFormat)")],
    ("*", "heading"): _text("the diagram's heading"),
    ("*", "caption"): _text("the diagram's caption"),
    ("*", "spinners"): _text("the spinners"),
    ("*", "joins"): _text("the joins"),
    ("*", "legal_joins"): _text("the legal joins"),
    ("*", "counted_values"): _text("the counted values"),
    ("*", "scores"): _text("the scores, as a list"),
    ("site", "date"): lambda s, m: [
        Value(format_date(date(2026, month, day), format="long", locale=s.lang), f"a date ({day})")
        for day, month in ((1, 3), (8, 11), (11, 12), (23, 1))
    ],
    ("site", "command"): lambda s, m: [Value("`scripts/sentences.py`", "the command")],
    ("site", "link"): lambda s, m: [Value("[…](../translating.md#sentences)", "a link to the Translating page")],
    ("site", "file"): lambda s, m: [Value("`docs/rules.fi.md`", "a translated page's file")],
    ("*", "lots"): lambda s, m: [Value("[2|5], [1|1]", "the tiles drawn for the lead")],
    # review (both games): points as the review writes them
    ("review", "points"): _points,
    ("review", "best"): _points,
    ("review", "saved"): _points,
    ("review", "estimate"): _points,
    ("review", "settlement"): _points,
    ("review", "charges"): _points,
    ("review", "score"): _points,
    ("review", "deduction"): _points,
    # Okey
    ("okey", "tile"): lambda s, m: (
        [Value(s.okey_tile("R8"), "a tile"), Value(s.okey_tile("Y1"), "a tile")]
        if m.msgid in STANDS_FOR
        else s.okey_tiles()
    ),
    ("okey", "piece"): lambda s, m: [
        Value(s.okey_tile("R8"), "a tile"),
        Value(s.okey_piece("R8"), "an okey standing for a tile"),
        Value(s.okey.piece(Piece(OkeyTile.parse("FJ"), OkeyTile.parse("R8"), False)), "the false joker"),
    ],
    ("okey", "tiles"): lambda s, m: s.okey_lists(),
    ("okey", "meld"): lambda s, m: s.okey_melds(False),
    ("okey", "melds"): lambda s, m: s.okey_melds(True),
    ("okey", "pairs"): lambda s, m: s.okey_pairs(),
    ("okey", "indicator"): lambda s, m: [Value(s.okey_tile("R7"), "red 7"), Value(s.okey_tile("Y13"), "yellow 13")],
    ("okey", "okey"): lambda s, m: [Value(s.okey_tile("R8"), "red 8"), Value(s.okey_tile("Y1"), "yellow 1")],
    ("okey", "colour"): lambda s, m: [Value(s.okey.colour(c), c) for c in "RBKY"],
    ("okey", "who"): lambda s, m: s.okey_seats(m),
    ("okeyplay", "seat"): lambda s, m: s.okey_seats(m),
    ("online", "seat"): lambda s, m: [
        Value(translations(s.lang, "online").gettext("Seat {number}").format(number=n), f"seat {n}") for n in (1, 2)
    ],
    ("online", "seats"): lambda s, m: [
        Value(
            ", ".join(["Ada", "Bea", translations(s.lang, "online").gettext("Seat {number}").format(number=3)]),
            "the seats, as a list: the names typed, a seat without one",
        )
    ],
    ("online", "phrase"): lambda s, m: [
        Value(translations(s.lang, "online").gettext(phrase), "a phrase") for phrase in ("Good luck!", "One more game?")
    ],
    ("online", "part"): lambda s, m: [
        Value(translations(s.lang, "play").gettext("Hand {number}").format(number=2), "a hand (Sniff)"),
        Value(translations(s.lang, "okeyplay").gettext("Round {number}").format(number=2), "a round (Okey)"),
    ],
    ("okeyplay", "seats"): lambda s, m: [
        Value(s.table.seat_list([0, 1]), "you and another"),
        Value(s.table.seat_list([1, 3]), "two others"),
        Value(s.table.seat_list([0, 1, 3]), "three"),
    ],
    ("okeyplay", "items"): lambda s, m: [
        Value(s.table.seat(0), "you"),
        Value(", ".join([s.table.seat(0), s.table.seat(1)]), "two"),
    ],
    ("okeyplay", "last"): lambda s, m: [Value(s.table.seat(3), "the last seat")],
    ("okey", "whose"): lambda s, m: [Value(s.okey.owner(o), o) for o in ("own", "partner", "opponent")],
    ("okey", "owner"): lambda s, m: [Value(s.practice(o), o) for o in ("yours", "an opponent's", "your partner's")],
    ("okey", "kind"): lambda s, m: [Value(s.okey.kind(k), k) for k in ("run", "set")],
    ("okey", "payer"): lambda s, m: [Value(s.okey.payer(v, 1), v) for v in ("take", "layoff")],
    ("okey", "end"): lambda s, m: (
        [Value(s.okey_review.end(e), e) for e in ("hand", "pairs", "okey", "exhausted")]
        if m.domain == "review"
        else [Value(s.okey.end(e), e) for e in ("hand", "pairs", "okey", "exhausted")]
    ),
    ("okey", "state"): lambda s, m: [Value(s.practice(t), t) for t in ("opened", "opened with pairs", "not opened")],
    ("okey", "result"): lambda s, m: [
        Value(s.okey._("{total} of {threshold}: enough to open.").format(total=56, threshold=51), "enough"),
        Value(s.okey._("{total} of {threshold}: not enough to open.").format(total=48, threshold=51), "not enough"),
    ],
    ("okey", "part"): lambda s, m: [
        Value(
            s.okey._("{who} opened; rack {tiles}, value {value} × {times}").format(
                who=s.okey._("Seat {seat}").format(seat=1), tiles=s.okey_tile("R8"), value=8, times=5
            ),
            "a seat's settlement",
        )
    ],
    ("okey", "amount"): _signed,
    ("okey", "each"): lambda s, m: [Value("500", "500"), Value("1000", "1000")],
    # Sniff
    ("sniff", "tile"): lambda s, m: s.sniff_tiles(bracketed=m.domain != "practice"),
    ("sniff", "target"): lambda s, m: (
        s.sniff_tiles(bracketed=m.domain != "practice")[1:]
        if m.msgid.startswith(("Place", "You place", "{player} places", "[", "{tile} on"))
        else _numbers((150, 250))
    ),
    ("sniff", "new_tile"): lambda s, m: s.sniff_tiles(bracketed=True),
    ("sniff", "kept"): lambda s, m: s.sniff_tiles(bracketed=True),
    ("sniff", "tiles"): lambda s, m: [
        Value(", ".join(t.text for t in s.sniff_tiles(bracketed=True)[:n]), f"{n} tiles", n) for n in (1, 3)
    ],
    ("sniff", "hands"): lambda s, m: [Value("…", "each player's tiles left")],
    ("sniff", "player"): lambda s, m: s.sniff_players(m),
    ("sniff", "side"): lambda s, m: s.sniff_sides(m),
    ("sniff", "new_side"): lambda s, m: s.sniff_sides(m),
    ("sniff", "played"): lambda s, m: s.sniff_placements(m),
    ("sniff", "better"): lambda s, m: s.sniff_placements(m)[1:],
    ("sniff", "instead"): lambda s, m: s.sniff_placements(m)[1:],
    ("sniff", "values"): lambda s, m: (
        [Value("3", "one value", 1), Value("3, 6", "two values", 2)]
        if m.domain == "review"
        else [Value("3", "one value", 1), Value(s.sniff_or(["3", "6"]), "two values", 2)]
    ),
    ("sniff", "places"): lambda s, m: [s.sniff_ends(1), s.sniff_ends(2)],
    ("sniff", "best"): lambda s, m: [
        s.sniff_placements(m)[0],
        Value(s.sniff_or(p.text for p in s.sniff_placements(m)[:2]), "two placements"),
    ],
    ("sniff", "all"): lambda s, m: [
        Value(
            "; ".join(f"{p.text}: {n}" for p, n in zip(s.sniff_placements(m), (10, 0, 5), strict=True)),
            "every placement",
        )
    ],
    ("sniff", "ends"): lambda s, m: [
        Value(
            ", ".join(s.practice("{end}: {value}").format(end=e, value=v) for e, v in ((s.sniff_ends(1).text, 7),)),
            "one end",
        ),
    ],
    ("sniff", "end"): lambda s, m: [s.sniff_ends(1)],
    ("sniff", "value"): lambda s, m: _numbers((5, 8, 11)),
    ("sniff", "sum"): lambda s, m: [Value("2 + 8 = 10", "a sum"), Value("4 = 4", "one value")],
    # the statistics: bots
    ("stats", "first"): lambda s, m: [Value("…", "a bot")],
    ("stats", "second"): lambda s, m: [Value("…", "a bot")],
}
