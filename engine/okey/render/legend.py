"""The words of an Okey diagram's legend, in any language (``okey`` catalog)."""

from __future__ import annotations

from ...core.i18n import translations
from ...core.legend import Legend

#: The marks a tile carries, the same in the diagrams and on the table (the board's view sends them):
#: an okey shows the tile it stands for with a star, a false joker its own clover (never the okey's star).
OKEY_MARK = "★"
FALSE_JOKER_MARK = "♣"


def legend(lang: str = "en") -> Legend:
    """What each mark of the picture means: ``colours``, ``okey``, ``penalty``, ``spot``, ``new``."""
    _ = translations(lang, "okey").gettext
    rows = {
        "colours": _("● red, ■ blue, ▲ black, ◆ yellow: each colour has its symbol under the number"),
        "okey": _(
            "★ an okey, shown as the tile it stands for; ♣ a false joker (on its own, a tile with ♣ only; in a meld, "
            "the tile it counts as, marked ♣)"
        ),
        "penalty": _("! a penalty tile: discarding it costs 100"),
        "spot": _("dashed tile: where the meld takes one more tile"),
        "new": _("outlined tile: the tile the action plays; the pill says what it costs and whom"),
    }
    return Legend(_("Legend"), rows)
