"""The Okey table's sentences that depend on the game (the ``okeyplay`` message catalog).

``Words`` writes them, in one language, from one seat: seat names, move buttons, the log, the charges, the
settlement, the assisted table's hints, the reasons a move is refused. The page's fixed vocabulary, which it needs
before any Python runs, is ``engine.okey.board.page_text``'s ``ui_text``.

The human player sits at seat 0. Play passes from seat to seat 1, 2, 3, so the
others are named East (the next to play), North (opposite: the partner in
pairs mode) and West. The player is "You", with sentences of their own,
because many languages conjugate the verb. Tiles are named in words from the
``okey`` catalog, as the diagrams name them ("red 7", "false joker", "okey as
blue 8"): the notation (``R7``, ``FJ``, ``*B8``) stays in the view's data, the
records and the command line. A list is worded as a list (tiles joined by
commas, melds by semicolons), and every sentence that holds a count is a plural
form of the catalog.
"""

from __future__ import annotations

from ...core.i18n import translations
from ..melds import Piece
from ..render.text import Words as TileWords
from ..tiles import NotationError, Tile

#: Seats 1, 2, 3 as the player sees them (play passes 0 -> 1 -> 2 -> 3).
_SEATS = ("you", "east", "north", "west")


class Words:
    """The sentences of one game, in one language, from the player's seat ``me`` (seat 0 on the board against
    bots; an online table's own seat): that seat is "you", the others are named from it."""

    def __init__(self, lang: str, mode: str = "solo", me: int | None = 0, names=None) -> None:
        self.lang = lang
        self.mode = mode
        #: The player's seat; None for an online table's spectator, for whom no seat is "you".
        self.me = me
        #: The names people typed at an online table, by seat (None: a seat without one).
        self.names = tuple(names) if names else (None,) * 4
        catalog = translations(lang, "okeyplay")
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self._tiles = TileWords(lang)

    # -- tiles in words --------------------------------------------------------

    def tile(self, code: str) -> str:
        """A tile or a laid piece in words: ``R7`` red 7, ``FJ`` false joker, ``*B8`` okey as blue 8."""
        if code.startswith("*"):
            stands = Tile.parse(code[1:])
            return self._tiles.piece(Piece(stands, stands, True))
        return self._tiles.tile(Tile.parse(code))

    def tiles(self, codes) -> str:
        """Tiles in words, as a list: ``red 4, red 8``."""
        return ", ".join(self.tile(code) for code in codes)

    def meld(self, notation: str) -> str:
        """A meld or a pair in words, its pieces as a list: ``red 4, red 5, okey as red 6``."""
        return self.tiles(notation.split())

    def melds(self, notations) -> str:
        """Melds in words: each a list, the melds separated by semicolons."""
        return "; ".join(self.meld(notation) for notation in notations)

    # -- who -----------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """A seat as the table names it: "You", or where it sits from you (East, North, West); at an online table
        the name its player typed with that place ("Ada (East)"); to a spectator, the name or the seat's number."""
        _ = self._
        name = self.names[seat] if 0 <= seat < len(self.names) else None
        if self.me is None:
            return name or _("Seat {number}").format(number=seat + 1)
        names = {"you": _("You"), "east": _("East"), "north": _("North"), "west": _("West")}
        place = names[_SEATS[(seat - self.me) % 4]]
        if name and seat != self.me:
            # Translators: a seat at an online table: the name its player typed, and where it sits ("Ada (East)").
            return _("{name} ({seat})").format(name=name, seat=place)
        return place

    def seat_list(self, seats: list[int]) -> str:
        """Seats as a list: ``East and West``, ``You, East and West``."""
        names = [self.seat(seat) for seat in seats]
        if len(names) == 1:
            return names[0]
        # Translators: the last two items of a list of seats: "East and West".
        return self._("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])

    def _say(self, seat: int, you: str, other: str, **values) -> str:
        """``you`` for the player, ``other`` with ``{seat}`` for a bot."""
        if seat == self.me:
            return you.format(**values)
        return other.format(seat=self.seat(seat), **values)

    def winners(self, seats: list[int], total: int) -> str:
        _ = self._
        if self.mode == "pairs":
            if 0 in seats and 1 in seats:
                return _("Both sides share the win with {total}.").format(total=total)
            if self.me is None:
                # Translators: the winning partners, as a spectator names them: "Ada and Carl win with 12."
                return _("{seats} win with {total}.").format(seats=self.seat_list(sorted(seats)), total=total)
            if self.me in seats:
                return _("You and North win with {total}.").format(total=total)
            return _("East and West win with {total}.").format(total=total)
        if len(seats) > 1:
            return _("A shared win with {total}: {seats}.").format(seats=self.seat_list(seats), total=total)
        return self._say(seats[0], _("You win with {total}."), _("{seat} wins with {total}."), total=total)

    # -- moves ---------------------------------------------------------------

    def draw_label(self) -> str:
        return self._("Draw from the pile")

    def take_label(self, tile: str) -> str:
        return self._("Take {tile}").format(tile=self.tile(tile))

    def decline_label(self) -> str:
        return self._("Leave the discard: the round ends")

    def melds_label(self, melds: list[str]) -> str:
        return self._("Lay down {melds}").format(melds=self.melds(melds))

    def pairs_label(self, pairs: list[str]) -> str:
        return self._("Lay down the pairs {pairs}").format(pairs=self.melds(pairs))

    def layoff_label(self, piece: str, meld: str) -> str:
        if piece.startswith("*"):
            return self._("Lay off the okey as {tile} on {meld}").format(
                tile=self.tile(piece[1:]), meld=self.meld(meld)
            )
        return self._("Lay off {tile} on {meld}").format(tile=self.tile(piece), meld=self.meld(meld))

    def seize_label(self, tile: str, meld: str | None = None) -> str:
        if meld is None:
            return self._("Seize the okey with {tile}").format(tile=self.tile(tile))
        return self._("Seize the okey with {tile} from {meld}").format(tile=self.tile(tile), meld=self.meld(meld))

    def discard_label(self, tile: str) -> str:
        return self._("Discard {tile}").format(tile=self.tile(tile))

    # -- the log -------------------------------------------------------------

    def round_start(self, number: int, starter: int, indicator: str, okey: str) -> str:
        _ = self._
        return self._say(
            starter,
            _("Round {number}: the indicator is {indicator}, so {okey} is the okey. You start."),
            _("Round {number}: the indicator is {indicator}, so {okey} is the okey. {seat} starts."),
            number=number,
            indicator=self.tile(indicator),
            okey=self.tile(okey),
        )

    def drew(self, seat: int, tile: str | None) -> str:
        _ = self._
        if seat == self.me and tile:
            return _("You draw {tile} from the pile.").format(tile=self.tile(tile))
        if tile:
            return _("{seat} draws {tile} from the pile.").format(seat=self.seat(seat), tile=self.tile(tile))
        return self._say(seat, _("You draw from the pile."), _("{seat} draws from the pile."))

    def took(self, seat: int, tile: str) -> str:
        _ = self._
        return self._say(seat, _("You take {tile}."), _("{seat} takes {tile}."), tile=self.tile(tile))

    def opened_melds(self, seat: int, melds: list[str], value: int) -> str:
        _ = self._
        return self._say(
            seat,
            _("You open with {melds}: {value}."),
            _("{seat} opens with {melds}: {value}."),
            melds=self.melds(melds),
            value=value,
        )

    def opened_pairs(self, seat: int, pairs: list[str]) -> str:
        _ = self._
        return self._say(
            seat, _("You open with pairs: {pairs}."), _("{seat} opens with pairs: {pairs}."), pairs=self.melds(pairs)
        )

    def laid(self, seat: int, melds: list[str]) -> str:
        _ = self._
        return self._say(seat, _("You lay down {melds}."), _("{seat} lays down {melds}."), melds=self.melds(melds))

    def laid_off(self, seat: int, piece: str, meld: str) -> str:
        _ = self._
        return self._say(
            seat,
            _("You lay off {tile} on {meld}."),
            _("{seat} lays off {tile} on {meld}."),
            tile=self.tile(piece),
            meld=self.meld(meld),
        )

    def seized(self, seat: int, tile: str, meld: str) -> str:
        _ = self._
        return self._say(
            seat,
            _("You seize the okey with {tile} from {meld}."),
            _("{seat} seizes the okey with {tile} from {meld}."),
            tile=self.tile(tile),
            meld=self.meld(meld),
        )

    def discarded(self, seat: int, tile: str) -> str:
        _ = self._
        return self._say(seat, _("You discard {tile}."), _("{seat} discards {tile}."), tile=self.tile(tile))

    def charged(self, seat: int, points: int, why: str) -> str:
        _ = self._
        reasons = {
            "take": _("the discard was taken"),
            # Translators: said of the player ("You are charged …") and of a bot seat: fit both.
            "layoff": _("a tile was laid off on that seat's meld"),
            "seize": _("an okey was seized from that seat's meld"),
            "discard": _("penalty tile"),
        }
        return self._say(
            seat,
            _("You are charged {points} ({reason})."),
            _("{seat} is charged {points} ({reason})."),
            points=points,
            reason=reasons[why],
        )

    def timed_out(self) -> str:
        return self._("Time is up: a bot played your turn.")

    # -- where the game stands ---------------------------------------------------

    def turn(self, seat: int | None, phase: str, taken: str | None = None) -> str:
        _ = self._
        if seat is None:
            return ""
        if seat != self.me:
            return _("{seat} is playing.").format(seat=self.seat(seat))
        if phase == "draw":
            return _("Your turn: draw from the pile or take the last discard.")
        if taken:
            return _("Your turn: use {tile} in this turn, in the opening, a meld, a pair or a lay-off.").format(
                tile=self.tile(taken)
            )
        return _("Your turn: lay down, lay off or discard a tile.")

    def opened_state(self, state: str | None, value: int | None) -> str:
        # Translators: a seat's state, shown beside any seat's name ("You", "East"): no verb that agrees.
        _ = self._
        if state == "melds":
            return _("opened with melds: {value}").format(value=value)
        if state == "pairs":
            return _("opened with pairs")
        return _("not opened")

    def threshold(self, threshold: int) -> str:
        return self._("To open: melds worth {threshold} or more, or five pairs.").format(threshold=threshold)

    def pile(self, count: int) -> str:
        return self.ngettext("{count} tile in the pile", "{count} tiles in the pile", count).format(count=count)

    def rack_size(self, count: int) -> str:
        return self.ngettext("{count} tile", "{count} tiles", count).format(count=count)

    def take_refused(self, tile: str) -> str:
        return self._(
            "You cannot take {tile}: a taken tile must be used in this turn, and it fits neither an opening "
            "nor a meld or a lay-off of yours."
        ).format(tile=self.tile(tile))

    # -- the assisted table ---------------------------------------------------------

    def can_open(self, melds: list[str], value: int, threshold: int) -> str:
        return self._("You can open now with {melds}: {value} of {threshold}.").format(
            melds=self.melds(melds), value=value, threshold=threshold
        )

    def can_open_pairs(self, count: int) -> str:
        return self.ngettext(
            "You can open now with {count} pair.", "You can open now with {count} pairs.", count
        ).format(count=count)

    def cannot_open(self, value: int, threshold: int) -> str:
        return self._("You cannot open yet: your best melds make {value} of {threshold}.").format(
            value=value, threshold=threshold
        )

    def check_total(self, total: int, threshold: int) -> str:
        if total >= threshold:
            return self._("{total} of {threshold}: enough to open.").format(total=total, threshold=threshold)
        return self._("{total} of {threshold}: {missing} more to open.").format(
            total=total, threshold=threshold, missing=threshold - total
        )

    def check_value(self, total: int) -> str:
        return self._("These melds are worth {total}.").format(total=total)

    def no_meld(self, tiles: list[str]) -> str:
        return self.ngettext(
            "This tile fits no meld with the other selected tiles: {tiles}.",
            "These tiles fit no meld with the other selected tiles: {tiles}.",
            len(tiles),
        ).format(tiles=self.tiles(tiles))

    def no_pairs(self, tiles: list[str]) -> str:
        return self.ngettext(
            "This tile makes no pair with the other selected tiles: {tiles}.",
            "These tiles make no pair with the other selected tiles: {tiles}.",
            len(tiles),
        ).format(tiles=self.tiles(tiles))

    def few_pairs(self, count: int) -> str:
        return self.ngettext(
            "{count} pair: an opening with pairs needs five.", "{count} pairs: an opening with pairs needs five.", count
        ).format(count=count)

    def nothing_selected(self) -> str:
        return self._("Select the tiles to lay down first.")

    # -- the end -----------------------------------------------------------------------

    def round_end(self, kind: str, seat: int | None) -> str:
        _ = self._
        if kind == "exhausted":
            return _("The pile is empty: the round ends in a draw.")
        if kind == "okey":
            return self._say(seat, _("You go out by discarding an okey."), _("{seat} goes out by discarding an okey."))
        if kind == "pairs":
            return self._say(seat, _("You go out with pairs."), _("{seat} goes out with pairs."))
        return self._say(seat, _("You go out."), _("{seat} goes out."))

    def game_over(self) -> str:
        return self._("The game is over.")

    # -- the chart of the totals (the table's own words, as ui_text gives them) --------------------------------------

    def chart_title(self) -> str:
        return self._("Totals round by round")

    def chart_rounds(self) -> str:
        return self._("Rounds")

    def chart_total(self) -> str:
        return self._("Total")

    def round_label(self, number: int) -> str:
        return self._("Round {number}").format(number=number)

    # -- refusals ----------------------------------------------------------------------

    def refusal(self, code: str, params: dict) -> str:
        """Why a move is refused, from the engine's error ``code`` and ``params``."""
        _ = self._
        p = {key: value for key, value in params.items() if value is not None}

        def tile() -> str:
            return self._named(p.get("tile", ""), self.tile)

        def meld() -> str:
            return self._named(p.get("meld", ""), self.meld)

        texts = {
            "okey-take-unusable": lambda: self.take_refused(p.get("tile", "")),
            "okey-opening-low": lambda: _(
                "Your melds make {total} of {threshold}: an opening needs {threshold} or more."
            ).format(total=p.get("total"), threshold=p.get("threshold")),
            "okey-layoff-not-open": lambda: _(
                "You cannot lay off yet: only a player who has opened with melds lays off."
            ),
            "okey-seize-not-open": lambda: _(
                "You cannot seize an okey yet: only a player who has opened with melds seizes."
            ),
            "okey-seize-pair": lambda: _("An okey in a pair stays there: okeys are seized from runs and sets only."),
            "okey-pairs-few": lambda: self.few_pairs(p.get("count", 0)),
            "okey-keep-one": lambda: _("Keep one tile to discard: you cannot lay down your whole rack."),
            "okey-taken-unused": lambda: _("Use {tile}, the tile you took, before you discard.").format(tile=tile()),
            "okey-taken-not-in-opening": lambda: _("Your opening must use {tile}, the tile you took.").format(
                tile=tile()
            ),
            "okey-taken-not-in-pairs": lambda: _("These pairs must use {tile}, the tile you took.").format(tile=tile()),
            "okey-taken-after-opening": lambda: _("Lay off {tile}, the tile you took, right after the opening.").format(
                tile=tile()
            ),
            "okey-taken-unusable-after": lambda: _(
                "After that move you could no longer use {tile}, the tile you took: use it first."
            ).format(tile=tile()),
            "okey-pairs-opener-melds": lambda: _("You opened with pairs: you lay down only pairs."),
            "okey-melds-opener-pairs": lambda: _("You opened with melds: you do not lay down pairs."),
            "okey-not-in-rack": lambda: _("{tile} is not in your rack.").format(tile=tile()),
            "okey-draw-first": lambda: _("Draw from the pile or take the last discard first."),
            "okey-already-drawn": lambda: _("You have already drawn: lay down, lay off or discard."),
            "okey-no-discard": lambda: _("There is no discard to take."),
            "okey-pile-empty": lambda: _("The pile is empty: take the discard or leave it."),
            "okey-layoff-no-fit": lambda: _("{tile} does not fit {meld}.").format(tile=tile(), meld=meld()),
            "okey-layoff-pair": lambda: _("Pairs are never extended."),
            "okey-pair-as-meld": lambda: _("{meld} is a pair: a meld is a run or a set of three or more tiles.").format(
                meld=meld()
            ),
            "okey-not-pair": lambda: _("{meld} is not a pair: a pair is two identical tiles.").format(meld=meld()),
            "okey-round-over": lambda: _("The round is over."),
            "okey-game-over": lambda: self.game_over(),
        }
        make = texts.get(code)
        if make is not None:
            return make()
        if "meld" in p:
            return _("{meld} is not a valid meld.").format(meld=meld())
        return _("This move is not allowed now.")

    @staticmethod
    def _named(text: str, name) -> str:
        """``text`` (a tile or a meld in the notation, from an error's params) in words; as it is if unreadable."""
        try:
            return name(text) if text else text
        except NotationError:  # a refusal's reason never fails on odd params
            return text

    def not_your_turn(self) -> str:
        return self._("It is not your turn.")
