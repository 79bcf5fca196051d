"""MkDocs hook: the in-page board's runtime, and the board's place in the pages.

Once per build (``on_config``), from the working tree:

1. compile the message catalogs, so the wheel carries the ``.mo`` files;
2. build the engine wheel (``python -m build --wheel --no-isolation``), with
   ``SOURCE_DATE_EPOCH`` fixed so the same sources give the same bytes;
3. compile the wheel's modules and Pyodide's standard library to bytecode with
   Pyodide's own Python (``pycompile.py``), so a board's start compiles nothing;
4. write the site's Pyodide lock file: Pyodide's own lock ``info`` with the
   engine registered by ``pyodide lockfile add-wheels`` (offline), so the
   worker loads the engine by name and the browser checks its sha256. The
   lock lists only what the site hosts.

After each build (``on_post_build``) it copies into the site:

- ``assets/pyodide/<pyodide version>/``: from ``node_modules/pyodide`` only what a
  pure-Python package needs (``pyodide.mjs``, ``pyodide.asm.mjs``,
  ``pyodide.asm.wasm``); the folder changes with the version, so browsers may cache it
  for good, and the wasm's URL stays the same from one release of the site to the next, so
  Chromium keeps the code it compiled from it;
- ``assets/pyodide/stdlib-<hash>/python_stdlib.zip``: the part of Pyodide's standard library
  the engine needs, compiled (``pycompile.py``), in a folder named after its hash;
- ``assets/pyodide/engine-<hash>/``: the lock file and the wheel, in a folder
  named after the lock's own hash, so a new engine never meets a stale lock.

In the pages, a fenced block with the info string ``<game>-board`` (``sniff-board``,
``okey-board``: a game of the registry, ``engine.core.games.GAMES``) and an empty
body becomes that game's board's root element ``<div data-board="<game>" data-<game>-board
aria-busy="true">``, with the game's ``data-board-schema`` (``board_schema``: what its forms offer, which the
page draws them from): a static picture of the board, the download size, a start
button, a progress bar and a status line, all in the page's language (``board``
catalog), plus the module script ``assets/board/client.mjs`` that starts the
worker when the visitor asks, and the game's own module and words (its board
module's ``PAGE``, ``page_words`` and ``page_picture``). Every game shares the
loader, the worker and the runtime. Nothing of Pyodide is requested before that, but on a
page for playing, whose fence has the one option ``preload`` (```` ```okey-board preload ````):
there the root carries ``data-board-preload``, and the engine starts as the page opens for a
visitor the board has dealt a game ahead for (``docs/assets/board/ahead.mjs``), whose browser
has its files already. A block with a body or another option, an unclosed block or two boards
on one page fail the build with the page and the line.
"""

from __future__ import annotations

import filecmp
import hashlib
import html
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from babel.numbers import format_decimal
from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the engine is imported from the working tree, as the wheel is built from it
    sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the hooks' shared helpers

import compress  # noqa: E402
import hookutils  # noqa: E402
import pycompile  # noqa: E402
from hookutils import Block, first_line, replace_blocks  # noqa: E402
from online_words import online_text  # noqa: E402

from engine.board.text import loader_text  # noqa: E402
from engine.core.games import GAMES  # noqa: E402
from engine.core.i18n import LANGUAGES  # noqa: E402
from engine.core.sessions import board_of  # noqa: E402

log = logging.getLogger("mkdocs.hooks.board")

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
#: What a pure-Python package needs of Pyodide (the lock file is the site's own).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
LOCK_NAME = "pyodide-lock.json"
ENGINE_PACKAGE = "tile-games-engine"
#: The board's own scripts and style, in docs/ (MkDocs copies them as they are).
BOARD_ASSETS = "assets/board"
#: Socket.IO's browser client, self-hosted from node_modules (package-lock.json pins it) for the online tables.
SOCKETIO_DIR = ROOT / "node_modules" / "socket.io-client"
SOCKETIO_FILE = "dist/socket.io.esm.min.js"
#: Zip timestamps of the wheel (1980-01-01, the earliest a zip can hold): same sources, same wheel.
SOURCE_DATE_EPOCH = "315532800"

#: Where a page's board goes: a slot, left in the page by ``on_page_markdown``, of the game's fence.
SLOT = re.compile(r'<div data-(?P<game>[a-z]+)-board-slot="(?P<line>\d+)"(?P<preload> data-preload)?></div>')
#: The one option of a board's fence: a page for playing, whose engine may start as it opens.
PRELOAD = "preload"


@dataclass(frozen=True)
class Runtime:
    """The files of the board's runtime, by their path in the site."""

    pyodide_version: str
    files: dict[str, Path]
    pyodide_url: str  # site-relative folder of Pyodide's files, ending with "/"
    lock_url: str  # site-relative path of the site's lock file
    stdlib_url: str  # site-relative path of the standard library the board needs (compiled, trimmed)

    @property
    def download_bytes(self) -> int:
        """The runtime's bytes as the board receives them (the lock, the wheel, the library and Pyodide): the
        progress bar's length."""
        return sum(path.stat().st_size for path in self.files.values())

    @property
    def transfer_bytes(self) -> int:
        """What a first visit downloads to start the board: the runtime as a host sends it, brotli-compressed
        (``compress.py``, whose cache keeps the result for the build's own compression)."""
        return sum(compress.transferred(path) for path in self.files.values())


@dataclass(frozen=True)
class Loader:
    """What one kind of board adds to the loader every board shares (the root ``tile-board`` of board.css)."""

    game: str  # the root's data-board and data-<game>-board, and the status line's id <game>-board-status
    files: str  # its style and module script: <files>.css and <files>.mjs in BOARD_ASSETS
    words: str  # the root's data-<words>-text: its game's words
    classes: str  # the game's class beside tile-board (and <classes>__picture beside tile-board__picture)
    defaults: dict  # the page's defaults where they are not the spec's (board_schema)


def loader(game: str) -> Loader:
    """What the game's board adds to the loader: its board module's ``PAGE``."""
    page = board_of(GAMES[game]).PAGE
    return Loader(game, page["files"], page["words"], page["classes"], page.get("defaults", {}))


def board_schema(game: str) -> dict:
    """What the page's forms offer for a game (the board's settings, the online lobby's options): the spec's
    ``schema()`` (the options, the table options, the bots), each option's default the page's own where its board
    module's ``PAGE["defaults"]`` gives one (one of the option's values: the engine's check holds)."""
    spec = GAMES[game]
    schema = spec.schema()
    defaults = loader(game).defaults
    for option in (*spec.options, *spec.table_options):
        if option.name in defaults:
            option.check(defaults[option.name], game)
    for entry in (*schema["options"], *schema["tableOptions"]):
        entry["default"] = defaults.get(entry["name"], entry["default"])
    return schema


_runtime: Runtime | None = None
_workdir: tempfile.TemporaryDirectory | None = None


# --- build time: the engine wheel and the site's lock file ------------------------------------------------------


def _run(args: list[str], what: str, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    if done.returncode:
        output = (done.stderr or done.stdout).strip().splitlines()
        raise PluginError(f"board: {what} failed ({' '.join(args)}): {output[-1] if output else done.returncode}")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_version() -> str:
    package = PYODIDE_DIR / "package.json"
    if not package.exists():
        raise PluginError(f"board: {PYODIDE_DIR.relative_to(ROOT)} is missing: run npm ci (scripts/lib.sh does)")
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def catalogs_stale(locale_dir: Path = ROOT / "engine" / "locale") -> bool:
    """Whether a catalog's .mo is missing or older than its .po."""
    for po in locale_dir.glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            return True
    return False


def build_wheel(outdir: Path, compile_catalogs: bool = True) -> Path:
    """Compile the catalogs (unless told they are), then build the engine wheel into ``outdir``.

    Catalogs are compiled only when a .po changed: rewriting every .mo on each build
    would pull them from under anything reading them at that moment (tests, a server).
    """
    if compile_catalogs and catalogs_stale():
        _run([sys.executable, "scripts/catalogs.py", "compile"], "compiling the catalogs")
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(outdir), "."], "wheel", env)
    wheels = sorted(outdir.glob("*.whl"))
    if len(wheels) != 1:
        raise PluginError(f"board: expected one engine wheel in {outdir}, found {[w.name for w in wheels]}")
    return wheels[0]


def write_lock(wheel: Path, folder: Path) -> Path:
    """The site's lock file in ``folder``, beside a copy of ``wheel``: Pyodide's lock info, only the engine."""
    folder.mkdir(parents=True)
    shutil.copy2(wheel, folder / wheel.name)
    pyodide_lock = json.loads((PYODIDE_DIR / LOCK_NAME).read_text(encoding="utf-8"))
    base = folder.parent / "pyodide-lock.input.json"
    base.write_text(json.dumps({"info": pyodide_lock["info"], "packages": {}}), encoding="utf-8")
    lock = folder / LOCK_NAME
    cli = str(Path(sys.executable).with_name("pyodide"))
    options = ["--input", str(base), "--output", str(lock), "--base-path", str(folder)]
    _run([cli, "lockfile", "add-wheels", *options, str(folder / wheel.name)], "pyodide lockfile add-wheels")
    entry = json.loads(lock.read_text(encoding="utf-8"))["packages"].get(ENGINE_PACKAGE, {})
    if entry.get("file_name") != wheel.name or entry.get("sha256") != _sha256(wheel):
        raise PluginError(f"board: {lock} does not register {wheel.name} with its sha256: {entry}")
    return lock


def prepare_runtime(workdir: Path, compile_catalogs: bool = True) -> Runtime:
    """Build the wheel and the lock file in ``workdir``; list every file the site must carry."""
    version = pyodide_version()
    stdlib, wheel = pycompile.compile_runtime(PYODIDE_DIR, build_wheel(workdir / "dist", compile_catalogs), workdir)
    staging = workdir / "engine"
    lock = write_lock(wheel, staging)
    engine_dir = f"assets/pyodide/engine-{_sha256(lock)[:12]}"
    pyodide_dir = f"assets/pyodide/{version}"
    stdlib_path = f"assets/pyodide/stdlib-{_sha256(stdlib)[:12]}/{pycompile.STDLIB}"
    files = {f"{pyodide_dir}/{name}": PYODIDE_DIR / name for name in PYODIDE_FILES}
    files[stdlib_path] = stdlib  # compiled and trimmed, as the wheel is compiled (pycompile.py)
    files |= {f"{engine_dir}/{path.name}": path for path in (lock, staging / wheel.name)}
    missing = [str(path) for path in files.values() if not path.exists()]
    if missing:
        raise PluginError(f"board: missing runtime files (run npm ci): {', '.join(missing)}")
    return Runtime(version, files, f"{pyodide_dir}/", f"{engine_dir}/{LOCK_NAME}", stdlib_path)


def install_runtime(runtime: Runtime, site_dir: Path) -> None:
    """Copy the runtime into the site (idempotent: the i18n plugin runs one build per language)."""
    for relative, source in runtime.files.items():
        target = site_dir / relative
        if not (target.exists() and filecmp.cmp(source, target, shallow=True)):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    current = {Path(path).parent.name for path in runtime.files}
    for stale in (site_dir / "assets" / "pyodide").iterdir():
        if stale.is_dir() and stale.name not in current:
            shutil.rmtree(stale)


# --- the pages: a game's board fence --------------------------------------------------------------------------


def find_boards(markdown: str, where: str, first: int, kind: str) -> tuple[list[str], list[int]]:
    """The page's lines with each board fence of ``kind`` (``<game>-board``) replaced by a slot, and the line
    numbers of the boards.

    ``first`` is the line of the page's file where ``markdown`` starts (after the front matter), so
    errors name lines of the file.
    """
    boards: list[int] = []

    def slot(block: Block, lines: list[str], number: int) -> list[str]:
        line = block.start + first
        if block.end is None:
            raise PluginError(f"{where}:{line}: the {kind} block is not closed: end it with {block.fence}")
        options = block.words[1:]
        if options not in ([], [PRELOAD]):
            found = " ".join(options)
            raise PluginError(f"{where}:{line}: the {kind} block's one option is {PRELOAD}, found: {found}")
        body = [i + first for i in range(block.start + 1, block.end) if lines[i].strip()]
        if body:
            raise PluginError(f"{where}:{body[0]}: the {kind} block must be empty (the board needs no layout)")
        if boards:
            raise PluginError(f"{where}:{line}: one board per page (the first is at line {boards[0]})")
        boards.append(line)
        preload = " data-preload" if options else ""
        return ["", f'{block.indent}<div data-{kind}-slot="{line}"{preload}></div>', ""]

    return replace_blocks(markdown, kind, slot).split("\n"), boards


def page_language(config) -> str:
    """The language of the pages being built; the board speaks only the engine's languages."""
    plugin = config.plugins.get("i18n")
    lang = getattr(plugin, "current_language", None) or config.theme["language"]
    if lang not in LANGUAGES:
        raise PluginError(f"board: the site's language {lang!r} is not one of the engine's ({', '.join(LANGUAGES)})")
    return hookutils.page_language(config)


def megabytes(size: int, lang: str) -> str:
    """``13.5 MB`` in the page's language (the board's script writes its numbers the same way)."""
    number = format_decimal(round(size / 1_000_000, 1), format="#,##0.0", locale=lang)
    return loader_text(lang)["megabytes"].format(number=number)


def runtime_attributes(runtime: Runtime, page_url: str) -> dict[str, str]:
    """Where a page finds the runtime (client.mjs reads them): Pyodide's folder, the lock file, the standard library,
    relative to the page."""
    return {
        "data-pyodide": get_relative_url(runtime.pyodide_url, page_url).rstrip("/") + "/",
        "data-lock": get_relative_url(runtime.lock_url, page_url),
        "data-stdlib": get_relative_url(runtime.stdlib_url, page_url),
    }


def _asset_url(path: str, page_url: str) -> str:
    """A URL of a board asset relative to the page, with the file's hash so browsers never keep a stale one."""
    digest = hashlib.sha256((ROOT / "docs" / path).read_bytes()).hexdigest()[:12]
    return f"{get_relative_url(path, page_url)}?v={digest}"


def _modules_digest() -> str:
    """The board's modules' version: a digest of them all."""
    modules = sorted((ROOT / "docs" / BOARD_ASSETS).glob("*.mjs"))
    return hashlib.sha256(b"".join(module.read_bytes() for module in modules)).hexdigest()[:12]


def _modules_url(path: str, page_url: str) -> str:
    """The game's entry module, versioned by every board module (it imports the others with the same version)."""
    return f"{get_relative_url(path, page_url)}?v={_modules_digest()}"


#: How a board module imports another: ``import(`./<name>.mjs${version}`)``, with its own version.
IMPORT = re.compile(r"import\(`\./([a-z0-9-]+)\.mjs\$\{version\}`\)")


def module_closure(*entries: str) -> list[str]:
    """The board's modules that ``entries`` (names in ``docs/assets/board``) import, themselves and every module
    they import in turn, in order of name."""
    folder = ROOT / "docs" / BOARD_ASSETS
    found: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        source = folder / f"{name}.mjs"
        if not source.is_file():
            raise PluginError(f"board: {BOARD_ASSETS}/{name}.mjs is imported but missing")
        found.add(name)
        todo += IMPORT.findall(source.read_text(encoding="utf-8"))
    return sorted(found)


def _preloads(page_url: str, *entries: str) -> list[str]:
    """``<link rel="modulepreload">`` for every module the entries import, with the version they import it with: the
    browser asks for them all with the page's styles, not one level of imports after the other as each module runs
    (a returning visitor's game, dealt ahead, is drawn that much sooner)."""
    return [
        f'<link rel="modulepreload" href="{_modules_url(f"{BOARD_ASSETS}/{name}.mjs", page_url)}">'
        for name in module_closure(*entries)
    ]


def _loader_html(
    runtime: Runtime, lang: str, page_url: str, loader: Loader, words: dict, picture: str, preload: bool = False
) -> str:
    """A board's root element before it starts, with the loader every board shares (its static ``picture``, the
    download size, the start button, the progress bar and the status line), and the tags that load its style
    and script; ``words`` are its game's; ``preload``: a page for playing (the fence's option)."""
    text = loader_text(lang)
    size = runtime.download_bytes
    transfer = runtime.transfer_bytes
    classes = ("tile-board", loader.classes)
    status_id = f"{loader.game}-board-status"
    picture_class = " ".join(f"{name}__picture" for name in classes)
    attributes = {
        "class": " ".join(classes),
        "data-board": loader.game,
        f"data-{loader.game}-board": "",
        "aria-busy": "true",
        "data-state": "idle",
        "lang": lang,
        **runtime_attributes(runtime, page_url),
        "data-worker": _asset_url(f"{BOARD_ASSETS}/worker.mjs", page_url),
        "data-bytes": str(size),
        "data-transfer": str(transfer),
        "data-text": json.dumps(text, ensure_ascii=False, separators=(",", ":")),
        f"data-{loader.words}-text": json.dumps(words, ensure_ascii=False, separators=(",", ":")),
        "data-board-schema": json.dumps(board_schema(loader.game), ensure_ascii=False, separators=(",", ":")),
        # The release of the board's modules and engine, which a game dealt ahead must have been made by (ahead.mjs).
        "data-board-release": f"{_modules_digest()}-{Path(runtime.lock_url).parent.name}",
        **({"data-board-preload": ""} if preload else {}),
    }
    entry = _modules_url(f"{BOARD_ASSETS}/{loader.files}.mjs", page_url)
    root_tag = " ".join(f'{name}="{html.escape(value)}"' if value else name for name, value in attributes.items())
    return "\n".join(
        [
            f'<link rel="stylesheet" href="{_asset_url(f"{BOARD_ASSETS}/board.css", page_url)}">',
            *_preloads(page_url, loader.files, "online"),
            f'<link rel="stylesheet" href="{_asset_url(f"{BOARD_ASSETS}/{loader.files}.css", page_url)}">',
            f"<div {root_tag}>",
            f'<figure class="{picture_class}" aria-label="{html.escape(text["picture"])}">',
            picture,
            "</figure>",
            '<div class="tile-board__panel">',
            f'<p class="tile-board__intro">{html.escape(text["intro"].format(size=megabytes(transfer, lang)))}</p>',
            '<button type="button" class="md-button md-button--primary tile-board__start" data-board-start>'
            f"{html.escape(text['start'])}</button>",
            '<div class="tile-board__loading" data-board-loading hidden>',
            f'<progress class="tile-board__progress" max="{size}" value="0" aria-labelledby="{status_id}"></progress>',
            '<span class="tile-board__bytes" data-board-bytes></span>',
            "</div>",
            f'<p class="tile-board__status" id="{status_id}" role="status" data-board-status></p>',
            '<button type="button" class="md-button md-button--primary tile-board__retry" data-board-retry hidden>'
            f"{html.escape(text['retry'])}</button>",
            f'<noscript><p class="tile-board__noscript">{html.escape(text["noscript"])}</p></noscript>',
            "</div>",
            "</div>",
            # async: run as soon as they are here (the page's other scripts need them not, nor they those)
            f'<script type="module" async src="{_asset_url(f"{BOARD_ASSETS}/client.mjs", page_url)}"></script>',
            f'<script type="module" async src="{entry}"></script>',
        ]
    )


def socketio_path() -> str:
    """Where the site hosts Socket.IO's client: a folder named after its version (cached for good)."""
    version = json.loads((SOCKETIO_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    return f"assets/socketio/{version}/socket.io.esm.min.js"


def online_html(game: str, lang: str, page_url: str) -> str:
    """The online tables' root beside the board (``online.mjs``): its words and Socket.IO's client's URL."""
    attributes = {
        "class": "online-table",
        "data-online": game,
        "lang": lang,
        "data-socketio": get_relative_url(socketio_path(), page_url),
        "data-online-text": json.dumps(online_text(lang, game), ensure_ascii=False, separators=(",", ":")),
    }
    root_tag = " ".join(f'{name}="{html.escape(value)}"' for name, value in attributes.items())
    return "\n".join(
        [
            f'<link rel="stylesheet" href="{_asset_url(f"{BOARD_ASSETS}/online.css", page_url)}">',
            f"<div {root_tag}></div>",
            f'<script type="module" src="{_modules_url(f"{BOARD_ASSETS}/online.mjs", page_url)}"></script>',
        ]
    )


def board_html(runtime: Runtime, game: str, lang: str, page_url: str, preload: bool = False) -> str:
    """The game's board's root element before it starts (every game's the same loader, worker and runtime, so no
    Pyodide byte more), its words and static picture (its board module's), and the tags of its script and style;
    ``preload``: a page for playing (the fence's option)."""
    board = board_of(GAMES[game])
    words, picture = board.page_words(lang), board.page_picture(lang)
    return _loader_html(runtime, lang, page_url, loader(game), words, picture, preload)


# --- MkDocs events -------------------------------------------------------------------------------------------


def on_config(config):
    # mkdocs-static-i18n runs on_config once per locale: the wheel and the lock are built at the
    # first, for the whole round of builds (mkdocs serve starts a new round at every change).
    global _runtime, _workdir
    if _runtime is not None and not hookutils.new_round_of_builds(config):
        return config
    if _workdir is not None:
        _workdir.cleanup()
    _workdir = tempfile.TemporaryDirectory(prefix="tile-board-")
    _runtime = prepare_runtime(Path(_workdir.name))
    log.info(f"board: engine wheel and lock ready, {_runtime.transfer_bytes / 1e6:.1f} MB for a first start")
    return config


def on_page_markdown(markdown, page, config, files):
    page.board_game = None
    found = None  # (game, line) of the page's board
    for game in GAMES:
        lines, boards = find_boards(markdown, page.file.src_uri, first_line(page), kind=f"{game}-board")
        if not boards:
            continue
        if found is not None:
            where = f"{page.file.src_uri}:{boards[0]}"
            raise PluginError(f"{where}: one board per page (the {found[0]}-board is at line {found[1]})")
        found = (game, boards[0])
        markdown = "\n".join(lines)
    if found is not None:
        page.board_game = found[0]
    return markdown


def on_page_content(html_text, page, config, files):
    game = getattr(page, "board_game", None)
    if game is None:
        return html_text
    if _runtime is None:
        raise PluginError("board: the runtime was not prepared (on_config did not run)")
    lang = page_language(config)

    def board(found: re.Match) -> str:
        if found["game"] != game:
            return found[0]
        loader = board_html(_runtime, game, lang, page.url, preload=bool(found["preload"]))
        return loader + "\n" + online_html(game, lang, page.url)

    return SLOT.sub(board, html_text)


def on_post_build(config):
    if _runtime is not None:
        install_runtime(_runtime, Path(config.site_dir))
        source, target = SOCKETIO_DIR / SOCKETIO_FILE, Path(config.site_dir) / socketio_path()
        if not source.exists():
            raise PluginError(f"board: missing {source} (run npm ci)")
        if not (target.exists() and filecmp.cmp(source, target, shallow=True)):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def on_shutdown():
    global _workdir
    if _workdir is not None:
        _workdir.cleanup()
        _workdir = None
