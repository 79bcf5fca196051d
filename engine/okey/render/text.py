"""The text of an Okey diagram: heading, caption and long description, in any language.

Every word comes from the ``okey`` message catalog; every number and every
judgement (kind, value, penalty, charge, settlement) from ``analysis``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.i18n import translations
from ..melds import PAIR, RUN, Piece
from ..tiles import Tile
from .seats import YOU

if TYPE_CHECKING:  # the board's words (Words) need no analysis: it is imported only where a diagram is described
    from .analysis import Analysis


@dataclass(frozen=True, slots=True)
class DiagramText:
    heading: str
    caption: str
    description: str

    def lines(self) -> list[str]:
        return [self.heading, self.caption, self.description]


class Words:
    """The catalog's words, for one language."""

    def __init__(self, lang: str) -> None:
        catalog = translations(lang, "okey")
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext
        self.lang = lang

    def colour(self, letter: str) -> str:
        _ = self._
        return {"R": _("red"), "B": _("blue"), "K": _("black"), "Y": _("yellow")}[letter]

    def tile(self, tile: Tile) -> str:
        """``red 7``; a false joker is named as one."""
        if tile.is_false_joker:
            return self._("false joker")
        # Translators: a tile, colour then number: "red 7".
        return self._("{colour} {number}").format(colour=self.colour(tile.colour), number=tile.number)

    def piece(self, piece: Piece) -> str:
        if piece.wild:
            return self._("okey as {tile}").format(tile=self.tile(piece.stands))
        if piece.face.is_false_joker:
            return self._("false joker as {tile}").format(tile=self.tile(piece.stands))
        return self.tile(piece.face)

    def pieces(self, pieces) -> str:
        return ", ".join(self.piece(p) for p in pieces)

    def face(self, tile: Tile, okey) -> str:
        """A tile as a rack holds it: an okey is named as one, with its face (``okey (red 9)``)."""
        if okey.is_okey(tile):
            # Translators: an okey tile in a rack or a discard, named with its face: "okey (red 9)".
            return self._("okey ({tile})").format(tile=self.tile(tile))
        return self.tile(tile)

    def tiles(self, tiles) -> str:
        return ", ".join(self.tile(t) for t in tiles)

    def kind(self, kind: str) -> str:
        _ = self._
        return {RUN: _("run"), "set": _("set"), PAIR: _("pair")}[kind]

    def owner(self, owner: str) -> str:
        _ = self._
        return {"own": _("your own meld"), "partner": _("your partner's meld"), "opponent": _("an opponent's meld")}[
            owner
        ]

    def payer(self, verb: str, seat: int) -> str:
        _ = self._
        if seat == YOU:
            return _("you")
        if verb == "take":
            return _("the player who discarded it")
        return _("the meld's owner")

    def end(self, end: str) -> str:
        _ = self._
        return {
            "hand": _("going out from the hand"),
            "pairs": _("going out with pairs"),
            "okey": _("going out by discarding an okey"),
            "exhausted": _("the pile runs out"),
        }[end]

    def reason(self, code: str) -> str:
        _ = self._
        return {
            "okey-run-wraps": _("a 1 comes before 2 or after 13, never in the middle"),
            "okey-set-colour-twice": _("a set has every colour once"),
            "okey-mixed": _("a run has one colour, a set one number"),
            "okey-run-gap": _("the numbers of a run follow each other"),
            "okey-too-few": _("a run or a set has at least three tiles"),
            "okey-pair-differ": _("a pair is two identical tiles"),
            "okey-set-too-long": _("a set has three or four tiles"),
        }.get(code, _("it is not a run, a set or a pair"))

    def charge(self, verb: str, seat: int, points: int) -> str:
        """``+70 for the meld's owner.``; a sentence of its own for the player (``+100 for you.``)."""
        if seat == YOU:
            return self._("{points} for you.").format(points=self.signed(points))
        return self._("{points} for {payer}.").format(points=self.signed(points), payer=self.payer(verb, seat))

    def signed(self, points: int) -> str:
        return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def indicator_sentence(analysis: Analysis, w: Words) -> str:
    okey = analysis.okey
    return w._("Indicator {indicator}: the okey is {okey}; a false joker counts as {okey}.").format(
        indicator=w.tile(okey.indicator), okey=w.tile(okey.tile)
    )


def meld_summary(meld, w: Words) -> str:
    """``run, 15`` (kind and value)."""
    return w._("{kind}, {value}").format(kind=w.kind(meld.kind), value=meld.value)


def action_caption(action, w: Words) -> str:
    _ = w._
    if action.verb == "opening":
        if action.reached:
            return _("{total} of {threshold}: enough to open.").format(total=action.total, threshold=action.threshold)
        return _("{total} of {threshold}: not enough to open.").format(total=action.total, threshold=action.threshold)
    if action.verb == "pairs":
        if action.reached:
            return w.ngettext("{count} pair: enough to open.", "{count} pairs: enough to open.", action.total).format(
                count=action.total
            )
        return w.ngettext(
            "{count} pair of {least}: not enough to open.",
            "{count} pairs of {least}: not enough to open.",
            action.total,
        ).format(count=action.total, least=action.threshold)
    if action.verb == "discard" and action.ends_round:
        return _("The last discard ends the round: no penalty.")
    if action.charge is None:
        if action.verb == "discard":
            return _("No penalty: the tile fits no meld on the table.")
        if action.owner in ("own", "partner"):
            return _("No charge: {whose}.").format(whose=w.owner(action.owner))
        return _("No charge.")
    return w.charge(action.verb, action.charge.seat, action.charge.points)


def action_sentence(action, w: Words) -> str:
    _ = w._
    verb = action.verb
    if verb == "opening":
        melds = "; ".join(f"{w.pieces(m.pieces)} ({meld_summary(m, w)})" for m in action.melds)
        return _("Opening: {melds}. {result}").format(melds=melds, result=action_caption(action, w))
    if verb == "pairs":
        pairs = "; ".join(w.pieces(m.pieces) for m in action.melds)
        return _("Opening with pairs: {pairs}. {result}").format(pairs=pairs, result=action_caption(action, w))
    if verb == "take":
        what = _("You take {tile}, the tile the previous player discarded.").format(tile=w.tile(action.tile))
    elif verb == "layoff":
        what = _("You lay off {piece} on meld {number}, {whose}.").format(
            piece=w.piece(action.piece), number=action.target, whose=w.owner(action.owner)
        )
    elif verb == "seize":
        what = _("You put {tile} in place of the okey in meld {number}, {whose}, and take the okey.").format(
            tile=w.tile(action.tile), number=action.target, whose=w.owner(action.owner)
        )
    else:
        what = _("You discard {tile}.").format(tile=w.tile(action.tile))
    return f"{what} {action_caption(action, w)}"


def seat_name(seat: int, w: Words, analysis: Analysis) -> str:
    _ = w._
    if seat == YOU:
        return _("You")
    if analysis.mode == "pairs" and seat == 2:
        return _("Your partner")
    return _("Seat {seat}").format(seat=seat)


def seat_sentence(row, analysis: Analysis, w: Words) -> str:
    _ = w._
    who = seat_name(row.seat, w, analysis)
    amount = w.signed(row.amount)
    if row.finisher:
        return _("You went out: {amount}.").format(amount=amount)
    if row.partner_of_finisher:
        return _("{who}, the finisher's partner, pays nothing: {amount}.").format(who=who, amount=amount)
    tiles = w.tiles(row.tiles) if row.tiles else _("no tiles")
    # Seat 0 is "you": its own sentences, so that every language's verb agrees.
    you = row.seat == YOU
    if row.times:
        if row.state == "pairs":
            template = (
                _("You opened with pairs; rack {tiles}, value {value} × {times}")
                if you
                else _("{who} opened with pairs; rack {tiles}, value {value} × {times}")
            )
        else:
            template = (
                _("You opened; rack {tiles}, value {value} × {times}")
                if you
                else _("{who} opened; rack {tiles}, value {value} × {times}")
            )
        base = template.format(who=who, tiles=tiles, value=row.rack_value, times=row.times)
    else:
        template = _("You did not open; rack {tiles}") if you else _("{who} did not open; rack {tiles}")
        base = template.format(who=who, tiles=tiles)
    if row.okeys:
        base += w.ngettext(
            "; {count} okey left in the rack: {each} more",
            "; {count} okeys left in the rack: {each} each more",
            row.okeys,
        ).format(count=row.okeys, each=row.okey_each)
    return _("{part}: {amount}.").format(part=base, amount=amount)


def heading(analysis: Analysis, w: Words) -> str:
    _ = w._
    if analysis.end is not None:
        return _("End of the round: {end}").format(end=w.end(analysis.end))
    verbs = [a.verb for a in analysis.actions]
    if analysis.actions:
        action = next((a for a in analysis.actions if a.verb != "take"), analysis.actions[0])
        if "take" in verbs:
            return _("Taking the discard {tile}").format(tile=w.tile(analysis.actions[0].tile))
        if action.verb == "opening":
            return _("An opening of {total}").format(total=action.total)
        if action.verb == "pairs":
            return w.ngettext("An opening with {count} pair", "An opening with {count} pairs", action.total).format(
                count=action.total
            )
        if action.verb == "layoff":
            return _("Laying off {piece} on {whose}").format(piece=w.piece(action.piece), whose=w.owner(action.owner))
        if action.verb == "seize":
            return _("Seizing an okey with {tile}").format(tile=w.tile(action.tile))
        return _("Discarding {tile}").format(tile=w.tile(action.tile))
    if analysis.rack is not None and analysis.table:
        return _("Penalty tiles in a rack")
    if analysis.rack is not None:
        return _("A rack")
    if analysis.invalid:
        return _("Not a meld: {tiles}").format(tiles=w.pieces(analysis.invalid[0].pieces))
    if len(analysis.table) == 1:
        meld = analysis.table[0].meld
        return _("A {kind} of {value}").format(kind=w.kind(meld.kind), value=meld.value)
    if analysis.table:
        return _("Melds on the table")
    return _("Indicator {indicator}, okey {okey}").format(
        indicator=w.tile(analysis.okey.indicator), okey=w.tile(analysis.okey.tile)
    )


def caption(analysis: Analysis, w: Words) -> str:
    _ = w._
    if analysis.end is not None:
        return "; ".join(f"{seat_name(row.seat, w, analysis)} {w.signed(row.amount)}" for row in analysis.seats) + "."
    if analysis.actions:
        return " ".join(
            action_caption(a, w)
            for a in analysis.actions
            if a.verb != "take" or len(analysis.actions) == 1 or a.charge is not None
        )
    if analysis.rack is not None and analysis.table:
        if analysis.penalties:
            return _("Penalty tiles: {tiles}.").format(tiles=w.tiles(analysis.penalties))
        return _("No penalty tiles.")
    parts = [f"{w.pieces(m.meld.pieces)}: {meld_summary(m.meld, w)}" for m in analysis.table]
    parts += [_("not a meld: {reason}").format(reason=w.reason(i.code)) for i in analysis.invalid]
    if parts:
        return "; ".join(parts) + "."
    return indicator_sentence(analysis, w)


def meld_sentence(meld, w: Words) -> str:
    _ = w._
    sentence = _("Meld {number}, {whose}: {tiles}, a {kind} worth {value}.").format(
        number=meld.number,
        whose=w.owner(meld.owner),
        tiles=w.pieces(meld.meld.pieces),
        kind=w.kind(meld.meld.kind),
        value=meld.meld.value,
    )
    if meld.spots:
        sentence += " " + _("It takes {tiles}.").format(tiles=w.tiles(dict.fromkeys(t for _e, t in meld.spots)))
    return sentence


def description(analysis: Analysis, w: Words) -> str:
    _ = w._
    parts = []
    if analysis.show_indicator:
        parts.append(indicator_sentence(analysis, w))
    for meld in analysis.table:
        parts.append(meld_sentence(meld, w))
    for group in analysis.invalid:
        parts.append(
            capital(
                _("{tiles} is not a meld: {reason}.").format(tiles=w.pieces(group.pieces), reason=w.reason(group.code))
            )
        )
    if analysis.rack is not None:
        parts.append(_("Your rack: {tiles}.").format(tiles=w.tiles(analysis.rack)))
        if analysis.table:
            if analysis.penalties:
                parts.append(
                    w.ngettext(
                        "Discarding {tiles} would cost 100: it fits a meld on the table.",
                        "Discarding any of {tiles} would cost 100: each fits a meld on the table.",
                        len(analysis.penalties),
                    ).format(tiles=w.tiles(analysis.penalties))
                )
            else:
                parts.append(_("No tile of the rack fits a meld on the table."))
    for action in analysis.actions:
        parts.append(action_sentence(action, w))
    if analysis.end is not None:
        parts.append(_("End of the round: {end}.").format(end=w.end(analysis.end)))
        for row in analysis.seats:
            parts.append(seat_sentence(row, analysis, w))
    return " ".join(parts)


def capital(text: str) -> str:
    """A sentence starts with a capital, also when it starts with a tile's name ("red 4, red 5, …: run, 15")."""
    return text[:1].upper() + text[1:]


def describe(analysis: Analysis, lang: str = "en") -> DiagramText:
    """Heading, caption and long description of a diagram in ``lang``."""
    w = Words(lang)
    return DiagramText(heading(analysis, w), capital(caption(analysis, w)), description(analysis, w))
