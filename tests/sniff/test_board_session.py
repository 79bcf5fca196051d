"""The board's Python API (engine.board.session): JSON in, JSON out, errors the page can show."""

import json
import re

import pytest

import engine
from engine.board import session
from engine.board.text import loader_text
from engine.core.i18n import LANGUAGES
from engine.sniff import parse_layout
from engine.sniff.render.svg import render_svg
from engine.sniff.render.text import describe

CASE_4 = "1|4;1|1 on 1|4 low;4|4 on 1|4 high;3|4 on 4|4 line-b;1|2 on 1|1 line-b"


def reply(op: str, **args) -> dict:
    return json.loads(session.handle(op, json.dumps(args)))


def test_version_names_the_engine_and_its_languages():
    result = reply("version")["result"]
    assert result["engine"] == engine.__version__
    assert result["languages"] == list(LANGUAGES)
    assert result["python"].count(".") == 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_describe_is_the_engines_diagram_text(lang):
    expected = describe(parse_layout(CASE_4.replace(";", "\n")), lang)
    assert reply("sniff.describe", layout=CASE_4, lang=lang) == {
        "ok": True,
        "result": {"heading": expected.heading, "caption": expected.caption, "description": expected.description},
    }


def test_legal_joins_are_the_layouts_open_sides():
    assert reply("sniff.legal_joins", layout=CASE_4)["result"] == [
        {"tile": "1|1", "side": "branch-a", "value": 1},
        {"tile": "1|1", "side": "branch-b", "value": 1},
        {"tile": "1|2", "side": "high", "value": 2},
        {"tile": "3|4", "side": "low", "value": 3},
    ]
    assert reply("sniff.legal_joins", layout="")["result"] == []


def test_analyse_scores_the_worked_example():
    layout = "4|4\n4|6 on 4|4 line-a\n1|4 on 4|4 line-b"
    result = reply("sniff.analyse", layout=layout, lang="it")["result"]
    assert (result["total"], result["points"], result["sniff"]) == (15, 15, "4|4")
    assert result["heading"] == describe(parse_layout(layout), "it").heading


def test_render_svg_is_the_engines_diagram():
    layout = "4|4\n4|6 on 4|4 line-a\n1|4 on 4|4 line-b"
    svg = reply("sniff.render_svg", layout=layout, lang="fi", last=True)["result"]
    assert svg == render_svg(parse_layout(layout), "fi", last=True, legend=False)
    assert len(re.findall(r'<g class="tile[ "]', svg)) == 3
    assert '<g class="tile last" data-tile="1|4">' in svg


def test_render_svg_refuses_flags_that_are_not_booleans():
    assert reply("sniff.render_svg", layout="1|4", last="yes")["error"]["type"] == "PlayError"


def test_an_illegal_layout_says_which_line_and_why():
    error = reply("sniff.describe", layout="1|4\n2|2 on 1|4 high")["error"]
    assert error["type"] == "NotationError"
    assert error["line"] == 2
    assert error["message"] == f"line 2: {error['reason']}"


@pytest.mark.parametrize(
    ("op", "args", "error", "words"),
    [
        ("shuffle", {}, "BoardCallError", 'no op "shuffle"'),
        ("chess.play_new", {}, "BoardCallError", 'no game "chess"'),
        ("sniff.shuffle", {}, "BoardCallError", 'no op "sniff.shuffle"'),
        ("sniff.describe", {"layout": "1|4", "colour": "red"}, "BoardCallError", "colour"),
        ("sniff.describe", {}, "BoardCallError", "layout"),
        ("sniff.describe", {"layout": ["1|4"]}, "PlayError", "layout notation"),
        ("sniff.analyse", {"layout": ""}, "PlayError", "no tiles"),
    ],
)
def test_bad_calls_are_errors_not_crashes(op, args, error, words):
    answer = reply(op, **args)
    assert answer["ok"] is False
    assert answer["error"]["type"] == error
    assert answer["error"]["code"] and isinstance(answer["error"]["params"], dict)
    assert words in answer["error"]["message"]


def test_an_unknown_language_is_refused():
    assert reply("sniff.describe", layout="1|4", lang="xx")["error"]["type"] == "CatalogError"


def test_arguments_that_are_not_json_are_refused():
    answer = json.loads(session.handle("version", "{not json"))
    assert answer["ok"] is False
    assert "not JSON" in answer["error"]["message"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loader_speaks_every_language(lang):
    text = loader_text(lang)
    assert "{size}" in text["intro"]
    assert "{number}" in text["megabytes"]
    assert "{loaded}" in text["progress"]
    assert "{total}" in text["progress"]
    if lang != "en":
        assert text["start"] != loader_text("en")["start"]


def test_the_board_starts_without_the_command_lines_modules():
    """Every module imported at the start costs time in the browser: argparse alone costs ~70 ms in Pyodide.

    The command line's modules are never needed by the board; the SVG renderer only once it draws.
    """
    import subprocess
    import sys

    modules = {"argparse", "platform", "engine.cli", "xml.etree.ElementTree", "engine.sniff.render.svg"}
    code = f"import sys, engine.board.session; print(sorted({modules!r} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
