"""The board's build hook (scripts/hooks/board.py): the sniff-board fence, the wheel and the site's lock file."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("board_hook", ROOT / "scripts" / "hooks" / "board.py")
hook = sys.modules["board_hook"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hook)


def slots(markdown: str) -> tuple[str, list[int]]:
    lines, boards = hook.find_boards(markdown, "play.md", 1, "sniff-board")
    return "\n".join(lines), boards


def test_the_fence_becomes_a_slot_for_the_board():
    text, boards = slots("# Play\n\n```sniff-board\n```\n\nAfter.")
    assert boards == [3]
    assert '<div data-sniff-board-slot="3"></div>' in text
    assert "```" not in text
    assert text.endswith("After.")


def test_a_page_for_playing_says_so_in_its_fence_and_its_board_may_start_its_engine_as_it_opens(runtime):
    text, boards = slots("# Play\n\n```sniff-board preload\n```\n")
    assert boards == [3]
    assert '<div data-sniff-board-slot="3" data-preload></div>' in text
    assert hook.SLOT.fullmatch('<div data-sniff-board-slot="3" data-preload></div>')["preload"]
    assert not hook.SLOT.fullmatch('<div data-sniff-board-slot="3"></div>')["preload"]
    assert " data-board-preload" in hook.board_html(runtime, "sniff", "en", "play/", preload=True)
    assert "data-board-preload" not in hook.board_html(runtime, "sniff", "en", "play/")


@pytest.mark.parametrize("game", ["sniff", "okey"])
def test_the_board_preloads_every_module_its_page_imports_with_the_version_it_imports_it_with(runtime, game):
    board = hook.board_html(runtime, game, "en", "play/")
    version = re.search(r'src="\.\./assets/board/(?:game|okey)\.mjs(\?v=[0-9a-f]{12})"', board)[1]
    preloaded = re.findall(
        r'<link rel="modulepreload" href="\.\./assets/board/([a-z-]+)\.mjs' + re.escape(version) + '">', board
    )
    assert preloaded == hook.module_closure(hook.loader(game).files, "online")
    assert {"controller", "ahead", "prepared", "patch", "online", hook.loader(game).files} <= set(preloaded)
    # The worker's modules are the worker's: a page never asks for them before the board starts.
    assert not {"worker", "vault", "wheel"} & set(preloaded)
    assert board.count('rel="modulepreload"') == len(preloaded)


def test_a_tilde_fence_and_an_indented_fence_work_too():
    assert slots("~~~~ sniff-board\n~~~~\n")[1] == [1]
    text, boards = slots("!!! note\n\n    ```sniff-board\n    ```\n")
    assert boards == [3]
    assert '    <div data-sniff-board-slot="3"></div>' in text


def test_a_board_fence_shown_inside_another_block_is_left_alone():
    page = "````markdown\n```sniff-board\n```\n````\n\n```python\nx = 1\n```\n"
    assert slots(page) == (page, [])


def test_other_sniff_fences_are_not_boards():
    page = "```sniff\n1|4\n```\n"
    assert slots(page) == (page, [])


@pytest.mark.parametrize(
    ("markdown", "message"),
    [
        ("intro\n```sniff-board\n1|4\n```\n", "play.md:3: the sniff-board block must be empty"),
        (
            "```sniff-board sandbox\n```\n",
            "play.md:1: the sniff-board block's one option is preload, found: sandbox",
        ),
        (
            "```sniff-board preload x\n```\n",
            "play.md:1: the sniff-board block's one option is preload, found: preload x",
        ),
        ("text\n\n```sniff-board\n", "play.md:3: the sniff-board block is not closed: end it with ```"),
        ("```sniff-board\n```\n\n```sniff-board\n```\n", "play.md:4: one board per page (the first is at line 1)"),
    ],
)
def test_a_broken_board_fence_fails_the_build_with_the_page_and_line(markdown, message):
    with pytest.raises(PluginError, match="^" + re.escape(message)):
        hook.find_boards(markdown, "play.md", 1, "sniff-board")


def test_errors_name_the_line_in_the_file_after_its_front_matter(tmp_path):
    from mkdocs.structure.files import File

    source = "---\ndescription: Play.\n---\n\n# Play\n\n```sniff-board\nhello\n```\n"
    (tmp_path / "play.md").write_text(source, encoding="utf-8")

    class Page:
        file = File("play.md", str(tmp_path), str(tmp_path / "site"), use_directory_urls=True)

    assert hook.first_line(Page) == 5
    with pytest.raises(PluginError, match=r"^play\.md:8: the sniff-board block must be empty"):
        hook.find_boards("# Play\n\n```sniff-board\nhello\n```\n", "play.md", hook.first_line(Page), "sniff-board")


@pytest.mark.parametrize(
    ("lang", "small", "large"),
    [("en", "13.5 MB", "1,234.6 MB"), ("fi", "13,5 Mt", "1\xa0234,6 Mt"), ("it", "13,5 MB", "1.234,6 MB")],
)
def test_the_download_size_is_written_in_the_pages_language(lang, small, large):
    assert hook.megabytes(13_469_425, lang) == small
    assert hook.megabytes(1_234_567_890, lang) == large


@pytest.fixture(scope="module")
def runtime(tmp_path_factory):
    # The catalogs are compiled already (scripts/test does it first); compiling them again here
    # would rewrite .mo files that tests running beside this one are reading.
    return hook.prepare_runtime(tmp_path_factory.mktemp("runtime"), compile_catalogs=False)


def test_the_runtime_is_pyodide_and_the_engine_only(runtime):
    version = hook.pyodide_version()
    names = sorted(path.rsplit("/", 1)[1] for path in runtime.files)
    expected = [
        *hook.PYODIDE_FILES,
        "python_stdlib.zip",
        "pyodide-lock.json",
        "tile_games_engine-0.1.0-py3-none-any.whl",
    ]
    assert names == sorted(expected)
    assert runtime.pyodide_url == f"assets/pyodide/{version}/"
    assert runtime.lock_url.startswith("assets/pyodide/engine-")
    assert runtime.stdlib_url.startswith("assets/pyodide/stdlib-"), "the library's folder is named after its hash"


def test_the_site_carries_the_standard_library_the_engine_imports_and_no_more(runtime):
    """Every standard module an import of the engine names (but the command line's and the build's, which never run
    in a browser) is in the trimmed library; modules of the library nothing of the board imports are not.
    (tests/node/engine_in_pyodide.test.mjs imports every module of the engine from it in Pyodide.)"""
    import ast
    import zipfile

    names = set(zipfile.ZipFile(runtime.files[runtime.stdlib_url]).namelist())
    # Pyodide's whole library, as sources: a module it lacks is built into Pyodide's wasm (math, _json...).
    whole = {name.replace(".py", ".pyc") for name in zipfile.ZipFile(hook.PYODIDE_DIR / "python_stdlib.zip").namelist()}
    # Modules a package registers itself in sys.modules when it is imported (no file of their own).
    aliases = {"collections.abc": "collections", "os.path": "posixpath"}

    def holds(module: str, library: set[str] = names) -> bool:
        path = aliases.get(module, module).replace(".", "/")
        return f"{path}.pyc" in library or f"{path}/__init__.pyc" in library

    not_in_browser = ("cli.py", "__main__.py", "commands", "practice_bank.py")
    missing = []
    for source in (hook.ROOT / "engine").rglob("*.py"):
        if any(part in not_in_browser for part in source.relative_to(hook.ROOT / "engine").parts):
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level and node.module != "__future__":
                modules = [node.module]
            for module in modules:
                top = module.split(".")[0]
                if top != "engine" and holds(module, whole) and not holds(module):
                    missing.append(f"{source.relative_to(hook.ROOT)}: {module}")
    assert not missing, missing
    assert holds("json") and holds("xml.etree.ElementTree") and holds("pyodide") and holds("encodings.utf_8")
    for unused in ("argparse", "pdb", "pydoc", "unittest", "multiprocessing", "http.server", "tkinter"):
        assert not holds(unused), f"{unused} is not the board's"


def test_the_lock_registers_the_wheel_by_name_with_its_checksum(runtime):
    lock_path = runtime.files[runtime.lock_url]
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    pyodide_lock = json.loads((hook.PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"] == pyodide_lock["info"]
    entry = lock["packages"]["tile-games-engine"]
    wheel = lock_path.parent / entry["file_name"]
    assert entry["sha256"] == hook._sha256(wheel)
    assert entry["imports"] == ["engine"]


def test_the_wheel_carries_the_compiled_catalogs(runtime):
    import zipfile

    wheel = next(path for path in runtime.files.values() if path.suffix == ".whl")
    names = zipfile.ZipFile(wheel).namelist()
    for lang in ("id", "it", "fi"):
        for domain in ("sniff", "board"):
            assert f"engine/locale/{lang}/LC_MESSAGES/{domain}.mo" in names
    assert "engine/board/session.py" in names
    # Stored, not deflated: the worker writes its files as slices of its bytes (docs/assets/board/wheel.mjs).
    assert {info.compress_type for info in zipfile.ZipFile(wheel).infolist()} == {zipfile.ZIP_STORED}


def test_the_same_sources_give_the_same_wheel(runtime, site_dir):
    """The engine's folder is named after its lock's hash (which names the wheel's): the site built from the same
    sources (scripts/test builds it first) carries the folder this test's own build names, and the stdlib's."""
    built = {path.name for path in (site_dir / "assets" / "pyodide").iterdir()}
    for url in (runtime.lock_url, runtime.stdlib_url):
        folder = url.split("/")[2]
        assert folder in built, f"{folder}: not in site/assets/pyodide ({sorted(built)}); is site/ stale?"


def test_installing_copies_the_runtime_and_drops_stale_engines(runtime, tmp_path):
    stale = tmp_path / "assets" / "pyodide" / "engine-000000000000"
    stale.mkdir(parents=True)
    hook.install_runtime(runtime, tmp_path)
    hook.install_runtime(runtime, tmp_path)  # once per language: idempotent
    assert not stale.exists()
    for relative, source in runtime.files.items():
        assert (tmp_path / relative).read_bytes() == source.read_bytes()


def test_the_board_before_it_starts(runtime):
    board = hook.board_html(runtime, "sniff", "fi", "fi/play/")
    text = hook.loader_text("fi")
    assert 'data-sniff-board aria-busy="true" data-state="idle" lang="fi"' in board
    assert f'data-pyodide="../../{runtime.pyodide_url}"' in board
    assert f'data-lock="../../{runtime.lock_url}"' in board
    assert re.search(
        r'<script type="module" async src="\.\./\.\./assets/board/client\.mjs\?v=[0-9a-f]{12}"></script>', board
    )
    assert f">{text['start']}</button>" in board
    assert hook.megabytes(runtime.transfer_bytes, "fi") in board
    assert f'<noscript><p class="tile-board__noscript">{text["noscript"]}</p></noscript>' in board
    # Nothing a strict Content-Security-Policy would block: no inline script, no inline style.
    assert re.search(
        r'<script type="module" async src="\.\./\.\./assets/board/game\.mjs\?v=[0-9a-f]{12}"></script>', board
    )
    assert board.count("<script") == board.count('<script type="module" async src=') == 2
    assert " style=" not in board


@pytest.mark.parametrize("game", ["sniff", "okey"])
def test_the_board_carries_its_games_schema_for_the_forms(runtime, game):
    # The page draws its settings form and the online lobby's from this (docs/assets/board/settings.mjs): the spec's
    # schema, with the page's own defaults where its board module gives them (a newcomer's Okey table is assisted).
    import html

    from engine.core.games import GAMES

    board = hook.board_html(runtime, game, "en", "play/")
    assert f'data-board="{game}" data-{game}-board ' in board
    schema = json.loads(html.unescape(re.search(r'data-board-schema="([^"]*)"', board)[1]))
    expected = GAMES[game].schema()
    for option in expected["tableOptions"]:
        if option["name"] == "assisted":
            assert option["default"] is False
            option["default"] = True
    assert schema == expected


def test_the_node_tests_read_the_schemas_the_pages_carry():
    # tests/node/board_settings.test.mjs reads each game's settings from this file, as the page from its board.
    from engine.core.games import GAMES

    kept = json.loads((ROOT / "tests" / "data" / "board-schemas.json").read_text(encoding="utf-8"))
    assert kept == {game: hook.board_schema(game) for game in GAMES}, "regenerate tests/data/board-schemas.json"


def test_catalogs_are_compiled_again_only_when_a_po_changed(tmp_path):
    po = tmp_path / "fi" / "LC_MESSAGES" / "board.po"
    po.parent.mkdir(parents=True)
    po.write_text("", encoding="utf-8")
    assert hook.catalogs_stale(tmp_path)
    mo = po.with_suffix(".mo")
    mo.write_bytes(b"")
    os.utime(po, (1_000_000, 1_000_000))
    assert not hook.catalogs_stale(tmp_path)
    os.utime(po, (3_000_000_000, 3_000_000_000))
    assert hook.catalogs_stale(tmp_path)


def test_the_wheel_and_the_lock_are_built_once_per_round_of_builds(monkeypatch, tmp_path):
    """mkdocs-static-i18n calls on_config once per locale, the later ones with its ``building`` flag up."""
    built = []

    def prepare(workdir, compile_catalogs=True):
        built.append(workdir)
        return hook.Runtime("0", {}, "p/", "l", "s")

    class I18n:
        building = False

    class Plugins(dict):
        pass

    config = type("Config", (), {"plugins": Plugins(i18n=I18n())})()
    monkeypatch.setattr(hook, "prepare_runtime", prepare)
    monkeypatch.setattr(hook, "_runtime", None)
    hook.on_config(config)  # the first locale
    I18n.building = True
    for _ in range(3):  # the other three, built from inside the first
        hook.on_config(config)
    assert len(built) == 1
    I18n.building = False  # mkdocs serve: the next change starts a new round
    hook.on_config(config)
    assert len(built) == 2
    hook.on_shutdown()


def test_the_online_page_has_words_for_every_error_code_but_a_malformed_requests():
    """Each of the server's error codes (server/errors.py) reads as what it is on the page, the server's own faults
    (unavailable, server-error) too, and a phrase past its rate (rate-limited: a second tab of the same visitor can
    pass the page's own limit); only the codes of a request the page never sends malformed fall to 'other'."""
    from online_words import online_text

    from engine.core.i18n import LANGUAGES
    from server.errors import CODES

    for lang in LANGUAGES:
        errors = online_text(lang, "sniff")["errors"]
        assert set(errors) == set(CODES) - {"bad-request", "too-large"} | {"other"}, lang
        assert len(set(errors.values())) == len(errors), lang
