"""The board's words for games, replays and the sandbox (the ``play`` message catalog).

``ui_text`` is the fixed vocabulary the page needs before any Python runs (the
site's build hook writes it into the page); ``Words`` writes the sentences
that depend on the game: seat names, move buttons, the log, the end of a hand.

The human player always sits at seat 0; the others are named by where they
sit, clockwise from the player: West, North (opposite) and East. The player is
"You", with sentences of their own, because many languages conjugate the verb.
Placeholders in braces: ``{tile}`` and ``{target}`` are tiles written ``[3|4]``.
"""

from __future__ import annotations

from ...core.board_text import option_words, pace_words, replay_words, setup_words
from ...core.i18n import translations
from ..game import Action, Draw, Drew, Event, Pass, Play, Played
from ..render.text import side_name
from ..rules import HandEnd
from ..tiles import Side


def ui_text(lang: str = "en") -> dict:
    """Labels and fixed sentences of the board's page, in ``lang``.

    Placeholders the page fills in: ``{number}`` (a hand's number), ``{step}``
    and ``{steps}`` (a replay's position), ``{reason}`` (an error's reason, from
    ``errors``: engine.sniff.board.errors).
    """
    from ...core.review_text import page_words as review_words
    from .errors import error_words

    _ = translations(lang, "play").gettext
    return {
        "errors": error_words(lang),
        "review": review_words(lang),
        "setup": _("Game settings"),
        # The settings' words, by the spec's names (engine/sniff/spec.py OPTIONS, BOT_LEVELS) and the board's pace.
        "options": {
            # With four players the last label says who partners whom (classic Sniff: "alone" unless they choose to).
            "players": option_words(
                _("Players"),
                {2: _("2 players"), 3: _("3 players"), 4: _("4 players: you and a bot partner")},
            )
            | {"alone": _("4 players, each on their own")},
            "rules": option_words(_("Rules"), {"american": _("American Sniff"), "classic": _("Classic Sniff")}),
            "partnerships": option_words(_("Classic Sniff with 4 players: play in partnerships (you and North)")),
            "bots": option_words(
                _("Bots"),
                {
                    "random": _("Easy: any legal move"),
                    "greedy": _("Medium: the most points now"),
                    "strong": _("Strong: thinks ahead"),
                },
            ),
            "pace": pace_words(lang),
        },
        **setup_words(lang),
        "board": _("The game board"),
        "yourHand": _("Your hand"),
        "yourMoves": _("Your moves"),
        "hint": _("Why did that score?"),
        "hintNone": _("No tile has been placed yet."),
        "log": _("Log of the hand"),
        "sheet": _("Score sheet"),
        "hand": _("Hand {number}"),
        "total": _("Total"),
        "inPlay": _("in play"),
        "nextHand": _("Next hand"),
        "handOver": _("End of the hand"),
        "gameOver": _("End of the game"),
        "chart": _("Scores hand by hand"),
        "record": _("Game record"),
        "download": _("Download the game record"),
        "downloadNone": _(
            "No hand has finished yet. A downloaded record holds only the finished hands, "
            "so the bots' tiles stay hidden."
        ),
        "load": _("Load a game record"),
        "loadHelp": _("A JSON file as the board downloads it: the board replays it move by move."),
        **replay_words(lang),
        "playOn": _("Play on from here"),
        "closeReplay": _("Close the replay"),
        "sandbox": _("Sandbox"),
        "sandboxIntro": _(
            "Place any remaining tile on any legal join: there are no hands and no turns. "
            "Select a tile, then a highlighted join."
        ),
        "remaining": _("Remaining tiles"),
        "placements": _("Where it goes"),
        "undo": _("Undo"),
        "clear": _("Start over"),
        "emptyLayout": _("The layout is empty: place any tile to open."),
        "leaveSandbox": _("Play a game"),
        "saved": _("Your game is saved in this browser."),
        "notSaved": _(
            "Your game is NOT saved in this browser: its storage is full or refused, so a reload loses the game. "
            "Download the game record to keep the finished hands."
        ),
        "restoreFailed": _("The saved game could not be restored, so a new game starts: {reason}"),
        "badRecord": _("This file is not a game record the board can replay: {reason}"),
        "badLayout": _("The layout in the address is not legal, so the sandbox starts empty: {reason}"),
        "actionFailed": _("That did not work, and the board is as it was: {reason}"),
        "confirmPlayOn": _("Play on from here? The game in progress will be lost."),
        "confirmPlayOnYes": _("Yes, play on from here"),
        "restarted": _("The rules engine stopped working and was restarted; the game goes on where it was saved."),
        "allPlaced": _("All 28 tiles are on the table."),
        "layoutPans": _("The layout on the table: scroll sideways to see all of it"),
    }


#: The player's neighbours, clockwise from seat 0, by number of players.
_SEATS = {2: ("you", "north"), 3: ("you", "west", "east"), 4: ("you", "west", "north", "east")}


class Words:
    """The sentences of one game, in one language, from the player's seat ``me`` (seat 0 on the board against
    bots; an online table's own seat): that seat is "you", the others are named from it.

    ``partnerships``: four players as two sides (always in American Sniff, an option in classic Sniff).
    """

    def __init__(
        self, lang: str, players: int, partnerships: bool | None = None, me: int | None = 0, names=None
    ) -> None:
        self.lang = lang
        self.players = players
        self.partnerships = players == 4 if partnerships is None else partnerships
        #: The player's seat; None for an online table's spectator, for whom no seat is "you".
        self.me = me
        #: The names people typed at an online table, by seat (None: a seat without one).
        self.names = tuple(names) if names else (None,) * players
        #: The player's side: its seat, or its partnership (seats 0 + 2 are side 0); None for a spectator.
        self.my_side = None if me is None else me % 2 if self.partnerships else me
        catalog = translations(lang, "play")
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext

    # -- who ---------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """A seat as the board names it: "You", or where it sits from you (West, North, East); at an online table
        the name its player typed with that place ("Ada (West)"); to a spectator, the name or the seat's number."""
        _ = self._
        name = self.names[seat] if 0 <= seat < len(self.names) else None
        if self.me is None:
            return name or _("Seat {number}").format(number=seat + 1)
        names = {"you": _("You"), "west": _("West"), "north": _("North"), "east": _("East")}
        place = names[_SEATS[self.players][(seat - self.me) % self.players]]
        if name and seat != self.me:
            # Translators: a seat at an online table: the name its player typed, and where it sits ("Ada (West)").
            return _("{name} ({seat})").format(name=name, seat=place)
        return place

    def side(self, side: int) -> str:
        """A side's name: the seat's, or both partners' with four players."""
        _ = self._
        if not self.partnerships:
            return self.seat(side)
        if self.me is None:
            # Translators: a partnership as a spectator names it, by its two seats: "Ada and Carl".
            return _("{first} and {second}").format(first=self.seat(side), second=self.seat(side + 2))
        return _("You and North") if side == self.my_side else _("West and East")

    # -- moves -------------------------------------------------------------

    def action(self, action: Action) -> str:
        """The name of a move's button: ``Open with [3|4]``, ``Place [3|4] on [4|4] line B``, ..."""
        _ = self._
        if isinstance(action, Draw):
            return _("Draw a tile")
        if isinstance(action, Pass):
            return _("Pass")
        return self.placement(action.placement.tile, action.placement.target, action.placement.side)

    def placement(self, tile, target, side: Side | None) -> str:
        _ = self._
        if target is None:
            return _("Open with {tile}").format(tile=tile)
        template = {
            Side.LINE_A: _("Place {tile} on {target} line A"),
            Side.LINE_B: _("Place {tile} on {target} line B"),
            Side.BRANCH_A: _("Place {tile} on {target} branch A"),
            Side.BRANCH_B: _("Place {tile} on {target} branch B"),
            Side.HIGH: _("Place {tile} on {target} high end"),
            Side.LOW: _("Place {tile} on {target} low end"),
        }[side]
        return template.format(tile=tile, target=target)

    # -- what happened -----------------------------------------------------

    def points(self, points: int) -> str:
        return self.ngettext("{points} point", "{points} points", points).format(points=points)

    def event(self, event: Event, reveal: bool = False) -> str:
        """One line of the log, as the human player sees it: other seats' drawn tiles stay hidden unless ``reveal``."""
        _ = self._
        you = event.seat == self.me
        who = self.seat(event.seat)
        if type(event) is Played:
            placement = event.placement
            points = self.points(event.points)
            if placement.target is None:
                template = _("You open with {tile}: {points}.") if you else _("{player} opens with {tile}: {points}.")
                return template.format(player=who, tile=placement.tile, points=points)
            template = (
                _("You place {tile} on {target} ({side}): {points}.")
                if you
                else _("{player} places {tile} on {target} ({side}): {points}.")
            )
            side = side_name(placement.side, self.lang)
            return template.format(player=who, tile=placement.tile, target=placement.target, side=side, points=points)
        if type(event) is Drew:
            if you and event.tile is not None:
                return _("You draw {tile}.").format(tile=event.tile)
            if reveal and event.tile is not None:
                return _("{player} draws {tile}.").format(player=who, tile=event.tile)
            return _("{player} draws a tile.").format(player=who)
        return _("You pass.") if you else _("{player} passes.").format(player=who)

    def opener(self, number: int, seat: int) -> str:
        _ = self._
        if seat == self.me:
            return _("Hand {number}: you open.").format(number=number)
        return _("Hand {number}: {player} opens.").format(number=number, player=self.seat(seat))

    def turn(self, seat: int | None, action: Action | None = None, drawn=None, why_pass: str | None = None) -> str:
        """Whose turn it is; for the player, also what they must do (``drawn``: the tile they just drew).

        ``why_pass`` when the player must pass with tiles left in the boneyard: ``two-draws`` (classic Sniff's
        limit of two draws in a turn) or ``reserve`` (the two tiles that stay in a two-player boneyard).
        """
        _ = self._
        if seat is None:
            return ""
        if seat != self.me:
            return _("{player} is playing…").format(player=self.seat(seat))
        if isinstance(action, Play) and drawn is not None:
            return _("Your turn: the tile you drew, {tile}, fits, so place it.").format(tile=drawn)
        if isinstance(action, Draw):
            return _("Your turn: none of your tiles fits, so draw a tile.")
        if isinstance(action, Pass) and why_pass == "two-draws":
            return _("Your turn: you have drawn two tiles this turn and neither fits, so pass.")
        if isinstance(action, Pass) and why_pass == "reserve":
            return _("Your turn: nothing fits, and the last two tiles of the boneyard stay there, so pass.")
        if isinstance(action, Pass):
            return _("Your turn: nothing fits and the boneyard is empty, so pass.")
        if isinstance(action, Play) and action.placement.target is None:
            return _("Your turn: open the hand with any tile.")
        return _("Your turn: place a tile.")

    def boneyard(self, count: int) -> str:
        return self.ngettext("Boneyard: {count} tile", "Boneyard: {count} tiles", count).format(count=count)

    def tiles(self, count: int) -> str:
        return self.ngettext("{count} tile", "{count} tiles", count).format(count=count)

    # -- the end of a hand and of the game ---------------------------------------

    def hand_end(self, end: str, out_seat: int | None, reserve: bool = False) -> str:
        """How a hand ended; ``reserve``: blocked with tiles left that may not be drawn."""
        _ = self._
        if end == HandEnd.OUT:
            if out_seat == self.me:
                return _("You play your last tile: the hand is over.")
            return _("{player} plays their last tile: the hand is over.").format(player=self.seat(out_seat))
        if end == HandEnd.BLOCKED and reserve:
            return _("The hand is blocked: nobody can place a tile, and the two tiles left in the boneyard stay there.")
        if end == HandEnd.BLOCKED:
            return _("The hand is blocked: nobody can place a tile and the boneyard is empty.")
        return ""

    # -- classic Sniff -------------------------------------------------------------

    def lots(self, row, last: bool) -> str:
        """One round of the draw for the first leader: ``Lots: You [5|6], North [1|2].``"""
        _ = self._
        drawn = [
            _("{player} {tile}").format(player=self.seat(seat), tile=tile) for seat, tile in enumerate(row) if tile
        ]
        template = _("Lots for the lead: {lots}.") if last else _("Lots for the lead: {lots}: a tie, draw again.")
        return template.format(lots=", ".join(drawn))

    def fives(self, count: int, points: int) -> str:
        """A count scored in fives: ``In fives: 15 → 3 points.``"""
        template = self.ngettext("In fives: {count} → {points} point.", "In fives: {count} → {points} points.", points)
        return template.format(count=count, points=points)

    def award(self, seat: int, opponents: int, own: int, points: int) -> str:
        """The winner's award at the end of a classic hand, with its arithmetic."""
        _ = self._
        difference = opponents - own
        values = {"player": self.seat(seat), "opponents": opponents, "own": own, "difference": difference}
        if difference < 3:
            return _(
                "Award to {player}: opponents' pips {opponents} − own pips {own} = {difference}, "
                "less than 3: no points."
            ).format(**values)
        template = self.ngettext(
            "Award to {player}: opponents' pips {opponents} − own pips {own} = {difference}, "
            "rounded to {rounded}, divided by 5: {points} point.",
            "Award to {player}: opponents' pips {opponents} − own pips {own} = {difference}, "
            "rounded to {rounded}, divided by 5: {points} points.",
            points,
        )
        return template.format(rounded=points * 5, points=points, **values)

    def award_sheet(self, difference: int, points: int) -> str:
        """The award on the score sheet: ``award: 26 → 25 ÷ 5``."""
        _ = self._
        if difference < 3:
            return _("award: {difference}, less than 3").format(difference=difference)
        return _("award: {difference} → {rounded} ÷ 5").format(difference=difference, rounded=points * 5)

    def no_award(self) -> str:
        _ = self._
        return _("A tie for the fewest pips: nobody wins the award.")

    def pips_left(self, pips: int, held: int) -> str:
        """A seat's pips left at the end of a classic hand (``held``: its tiles; [0|0] is one, worth no pips)."""
        if not held:
            return self._("No tiles left.")
        return self.ngettext("{pips} pip left.", "{pips} pips left.", pips).format(pips=pips)

    def deduction(self, pips: int, deduction: int, held: int = 0) -> str:
        """A seat's remaining pips and how they round to the deduction (remainder 1-2 down, 3-4 up).

        ``held``: how many tiles the seat still holds (a seat left with [0|0] holds one, worth no pips).
        """
        _ = self._
        if pips == 0 and held:
            return _("Only [0|0] left, worth no pips: nothing to deduct.")
        if pips == 0:
            return _("No tiles left: nothing to deduct.")
        if deduction == pips:
            template = self.ngettext(
                "{pips} pip, a multiple of 5: minus {deduction}.",
                "{pips} pips, a multiple of 5: minus {deduction}.",
                pips,
            )
        elif deduction < pips:
            template = self.ngettext(
                "{pips} pip, rounded down to {deduction}: minus {deduction}.",
                "{pips} pips, rounded down to {deduction}: minus {deduction}.",
                pips,
            )
        else:
            template = self.ngettext(
                "{pips} pip, rounded up to {deduction}: minus {deduction}.",
                "{pips} pips, rounded up to {deduction}: minus {deduction}.",
                pips,
            )
        return template.format(pips=pips, deduction=deduction)

    def deduction_line(self, seat: int, pips: int, deduction: int, held: int = 0) -> str:
        """The deduction as one sentence of the log: ``West: 13 pips, rounded up to 15: minus 15.``"""
        _ = self._
        text = self.deduction(pips, deduction, held)
        return _("{player}: {deduction}").format(player=self.seat(seat), deduction=text)

    def winner(self, side: int, score: int, target: int) -> str:
        _ = self._
        if self.partnerships and self.me is None:
            template = _("{players} reach {target} and win the game, with {score} points.")
            return template.format(players=self.side(side), score=score, target=target)
        if self.partnerships:
            template = (
                _("You and North reach {target} and win the game, with {score} points.")
                if side == self.my_side
                else _("West and East reach {target} and win the game, with {score} points.")
            )
        elif side == self.my_side:
            template = _("You reach {target} and win the game, with {score} points.")
        else:
            template = _("{player} reaches {target} and wins the game, with {score} points.")
        return template.format(player=self.seat(side), score=score, target=target)

    def score_line(self, scores: tuple[int, ...]) -> str:
        """Every side's score, for announcing: ``You 35, North 20.``"""
        _ = self._
        parts = [_("{side} {score}").format(side=self.side(i), score=score) for i, score in enumerate(scores)]
        return _("Scores: {scores}.").format(scores=", ".join(parts))

    def chart_title(self) -> str:
        _ = self._
        return _("Scores hand by hand")

    def hand_label(self, number: int) -> str:
        _ = self._
        return _("Hand {number}").format(number=number)

    def chart_hand(self) -> str:
        _ = self._
        return _("Hand")

    def chart_total(self) -> str:
        _ = self._
        return _("Total")

    def chart_target(self, target: int) -> str:
        _ = self._
        return _("Target {target}").format(target=target)
