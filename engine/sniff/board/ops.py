"""What Sniff adds to the board: its drawing, and its own ops (the sandbox, single diagrams).

The ops every game has (a game against the bots, replays, reviews, exercises, an online table) are written once
(``engine.board``); they draw a Sniff position with ``draw`` and say what changed with ``news``
(``engine.sniff.board.view``). A replay of a Sniff record opens at its last step, the game's end.

The sandbox and the single diagrams are Sniff's alone: ``sniff.<op>`` for each function of ``OPS`` (JSON values
in and out).
"""

from __future__ import annotations

from ...core.i18n import translations
from ...core.sessions import Ops, PlayError, Position, check_language
from ..layout import Layout
from ..notation import parse_layout

# The renderer and the sandbox are imported by the first call that needs them, not when the worker starts: the
# board answers its first call sooner.

#: Where a replay of a record opens: at its last step (the game's end).
REPLAY_OPENS_AT = "last"
#: The longest sandbox layout text: 28 placements of the longest form ("6|6 on 6|6 branch-a;") and then some.
MAX_LAYOUT_CHARS = 2000


#: How the site's pages carry the board (``scripts/hooks/board.py``): its module and style
#: (``docs/assets/board/<files>.mjs`` and ``.css``), the root's attribute of its words (``data-<words>-text``) and
#: its class beside the loader's.
PAGE = {"files": "game", "words": "play", "classes": "sniff-board"}
#: The board's static picture before it starts: the worked example of the rules, a Sniff with a branch joined.
PICTURE_LAYOUT = "4|4\n4|6 on 4|4 line-a\n1|4 on 4|4 line-b\n2|4 on 4|4 branch-a\n"


def page_words(lang: str) -> dict:
    """The board's fixed words in ``lang``, for the page (``engine.sniff.board.text.ui_text``)."""
    from .text import ui_text

    return ui_text(lang)


def page_picture(lang: str) -> str:
    """The board's static picture before it starts: the engine's SVG of ``PICTURE_LAYOUT``."""
    from ..render.svg import render_svg

    layout = parse_layout(PICTURE_LAYOUT)
    return render_svg(layout, lang, last=True, id_prefix="sniff-board-picture", legend=False)


def draw(position: Position, lang: str, settings: dict) -> dict:
    """The board's view of ``position`` (``engine.sniff.board.view.game_view``); Sniff has no table options."""
    from .view import game_view

    return game_view(position, lang)


def news(position: Position, since: int, lang: str) -> list[str]:
    """What changed since the seat's view had ``since`` events (``engine.sniff.board.view.news``)."""
    from .view import news as hand_news

    return hand_news(position, since, lang)


#: Sniff's own ops, by name (each added by ``@OPS.op``); engine.board.session serves each as ``sniff.<name>``.
OPS = Ops()


def _layout(layout: object) -> Layout:
    if not isinstance(layout, str):
        raise PlayError(f"the layout must be text in the layout notation, not {type(layout).__name__}")
    return parse_layout(layout)


@OPS.op
def sandbox_view(layout: str, lang: str = "en") -> dict:
    """The sandbox for ``layout`` (placements in the layout notation, by line or joined by ``;``)."""
    from .sandbox import sandbox_view as _sandbox_view

    translations(check_language(lang), "play")
    if isinstance(layout, str) and len(layout) > MAX_LAYOUT_CHARS:
        raise PlayError(
            f"the layout is longer than any of the 28 tiles ({len(layout)} characters, at most {MAX_LAYOUT_CHARS})",
            code="layout-too-long",
            params={"size": len(layout)},
        )
    return _sandbox_view(_layout(layout), lang)


@OPS.op
def describe(layout: str, lang: str = "en") -> dict:
    """The diagram text of a layout: heading, caption and long description."""
    from ..render.text import describe as describe_layout

    text = describe_layout(_layout(layout), check_language(lang))
    return {"heading": text.heading, "caption": text.caption, "description": text.description}


@OPS.op
def analyse(layout: str, lang: str = "en") -> dict:
    """Everything the engine knows of a layout (as ``python -m engine describe --json``)."""
    from ..render.analysis import analysis

    parsed = _layout(layout)
    if not len(parsed):
        raise PlayError("the layout has no tiles: write the opening tile first, for example 1|4", code="empty-layout")
    return analysis(parsed, check_language(lang))


@OPS.op
def legal_joins(layout: str) -> list[dict]:
    """Every open side where a tile may join now, as ``{tile, side, value}`` (empty layout: none)."""
    return [{"tile": j.tile.notation(), "side": j.side.value, "value": j.value} for j in _layout(layout).legal_joins()]


@OPS.op
def render_svg(layout: str, lang: str = "en", last: bool = False, legend: bool = False) -> str:
    """The engine's SVG diagram of a layout (an empty layout draws an empty table).

    ``last`` highlights the tile placed last; ``legend`` draws the legend below.
    Ids in the SVG are derived from the layout, so two diagrams on a page differ.
    """
    if not isinstance(last, bool) or not isinstance(legend, bool):
        raise PlayError("last and legend must be true or false")
    # Imported on the first drawing, not at the board's start: xml.etree and the geometry
    # cost about 80 ms in Pyodide, and the board has its static picture until a game begins.
    from ..render.svg import render_svg as render

    return render(_layout(layout), check_language(lang), last=last, legend=legend)
