"""MkDocs hook: the Practice pages' widget and its build-time bank of exercises.

A fenced block ```` ```practice sniff ```` (or ``okey``) becomes the practice
widget's root element: the game, its kinds, the page's words (``practice``
catalog), where the bank lies, and the board's worker and runtime (from
``board.py``) for when the bank runs out. After the build, the bank is written:
per language, game, kind and level, one JSON Lines file
(``assets/practice/bank/<lang>/<game>-<kind>[-<rules>]-<level>.jsonl``) of the level's first
``PER_LEVEL`` exercises, one a line in the order of their seeds, made by the engine
(``engine.<game>.render.practice.exercises_json``, with their SVG inside), so the first
exercise shows without a byte of Pyodide; the page fetches only the level it is at, and
reads it as a stream, only as far as the exercise it shows (``engine.core.practice_bank``). Every language's bank is
made at the first locale's end (each exercise once, then worded and drawn per language),
in two processes, and kept for the other locales and for rebuilds with the same engine.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import re
import sys
import time
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.core import practice_bank  # noqa: E402
from engine.core.i18n import LANGUAGES  # noqa: E402
from engine.core.practice_text import page_words  # noqa: E402
from engine.okey import practice as okey_practice  # noqa: E402
from engine.okey.render import practice as okey_render  # noqa: E402
from engine.sniff import practice as sniff_practice  # noqa: E402
from engine.sniff.render import practice as sniff_render  # noqa: E402

log = logging.getLogger("mkdocs.hooks.practice")

#: Exercises of each level in the bank (five levels: 5 x PER_LEVEL per kind and language), at most the
#: engine's seeds of a level (``practice.PER_LEVEL``, 40).
PER_LEVEL = 40
#: Worker processes that make the bank.
WORKERS = 2
BANK = "assets/practice/bank"
ASSETS = "assets/practice"
FENCE = re.compile(r"^```practice[ \t]+(?P<game>\w+)[ \t]*\n```[ \t]*$", re.MULTILINE)
SLOT = re.compile(r'<div data-practice-slot="(?P<game>\w+)"></div>')
GAMES = {
    "sniff": (
        sniff_practice,
        sniff_render,
        [(k, None) for k in sniff_practice.KINDS] + [("score", "classic"), ("deduction", "classic")],
    ),
    "okey": (okey_practice, okey_render, [(k, None) for k in okey_practice.KINDS]),
}

_languages: set[str] = set()
#: The bank's files of every language, kept while the engine's sources and catalogs stay the same: ``mkdocs serve``
#: rebuilds the site at every change of a page, and a page's change does not change a single exercise.
_banks: dict[tuple[str, int], dict[str, dict[str, str]]] = {}


def engine_digest() -> str:
    """A hash of everything an exercise is made from: the engine's Python files and compiled catalogs."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "engine").rglob("*")):
        if path.suffix in (".py", ".mo"):
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def bank_seeds(practice) -> list[int]:
    """The bank's seeds: the first ``PER_LEVEL`` of each level."""
    per = min(PER_LEVEL, practice.PER_LEVEL)
    return [lvl * practice.PER_LEVEL + i for lvl in range(practice.LEVELS) for i in range(per)]


def bank_name(game: str, kind: str, rules: str | None, level: int) -> str:
    return f"{game}-{kind}" + (f"-{rules}" if rules else "") + f"-{level}.jsonl"


def _by_level(practice) -> list[list[int]]:
    seeds = bank_seeds(practice)
    return [[s for s in seeds if s // practice.PER_LEVEL == level] for level in range(practice.LEVELS)]


def banks(langs=LANGUAGES, workers: int | None = None) -> dict[str, dict[str, str]]:
    """``{lang: {file name: JSON Lines}}``: every kind's bank in every language."""
    files = [
        (bank_name(game, kind, rules, level), render.exercises_json, kind, rules, seeds)
        for game, (practice, render, kinds) in GAMES.items()
        for kind, rules in kinds
        for level, seeds in enumerate(_by_level(practice))
    ]
    return practice_bank.make_bank(files, langs, WORKERS if workers is None else workers)


def page_language(config) -> str:
    return config["theme"]["language"] if "theme" in config else "en"


def _board_runtime():
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", "") and str(module.__file__).endswith("hooks/board.py"):
            return getattr(module, "_runtime", None)
    return None


def widget_html(game: str, lang: str, page_url: str) -> str:
    practice, _render, kinds = GAMES[game]
    runtime = _board_runtime()
    words = page_words(lang)
    digest = sum((ROOT / "docs" / ASSETS / name).stat().st_mtime_ns for name in ("practice.mjs", "practice.css"))
    attributes = {
        "class": "practice",
        "data-practice": "",
        "data-game": game,
        "lang": lang,
        "data-kinds": json.dumps([[k, r] for k, r in kinds]),
        "data-bank": get_relative_url(f"{BANK}/{lang}/", page_url).rstrip("/") + "/",
        "data-seeds": json.dumps(bank_seeds(practice)),
        "data-per-level": str(practice.PER_LEVEL),
        "data-levels": str(practice.LEVELS),
        "data-text": json.dumps(words, ensure_ascii=False, separators=(",", ":")),
    }
    if runtime is not None:
        attributes |= sys.modules[type(runtime).__module__].runtime_attributes(runtime, page_url)
        attributes["data-worker"] = get_relative_url("assets/board/worker.mjs", page_url)
    root = " ".join(f'{name}="{html.escape(value)}"' if value else name for name, value in attributes.items())
    version = f"?v={digest % 10**12}"
    return "\n".join(
        [
            f'<link rel="stylesheet" href="{get_relative_url(f"{ASSETS}/practice.css", page_url)}{version}">',
            f"<div {root}>",
            '<p class="practice__status" role="status" aria-live="polite" data-practice-live></p>',
            "</div>",
            f'<script type="module" src="{get_relative_url(f"{ASSETS}/practice.mjs", page_url)}{version}"></script>',
        ]
    )


def on_page_markdown(markdown, page, config, files):
    games = [m.group("game") for m in FENCE.finditer(markdown)]
    for game in games:
        if game not in GAMES:
            raise PluginError(f"{page.file.src_uri}: practice block for an unknown game {game!r}: sniff or okey")
    page.practice_games = games
    return FENCE.sub(lambda m: f'<div data-practice-slot="{m.group("game")}"></div>', markdown) if games else markdown


def on_page_content(html_text, page, config, files):
    if not getattr(page, "practice_games", None):
        return html_text
    lang = page_language(config)
    _languages.add(lang)
    return SLOT.sub(lambda m: widget_html(m.group("game"), lang, page.url), html_text)


def on_post_build(config):
    lang = page_language(config)
    # mkdocs-static-i18n builds every locale into the same site directory, one after the other.
    folder = Path(config["site_dir"]) / BANK / lang
    start = time.perf_counter()
    key = (engine_digest(), PER_LEVEL)
    if key not in _banks:
        _banks.clear()
        _banks[key] = banks()
    folder.mkdir(parents=True, exist_ok=True)
    size = 0
    for name, text in _banks[key][lang].items():
        data = text.encode()
        (folder / name).write_bytes(data)
        size += len(data)
    log.info(f"practice: bank for {lang} in {time.perf_counter() - start:.1f} s, {size / 1e6:.1f} MB")
