"""The board under stress in Chromium (issue 15): stale replies, bad stored data, deep files, keys, contrast,
a phone's screen, the Content-Security-Policy on every page.

Games are never played out here (browser time is scarce): the states a test needs (a hand just over, the move
that wins the game) are saved games made by the engine in CPython and stored in the browser before the page
loads, as a returning visitor would have them.
"""

from __future__ import annotations

import json
import os
import random
import re
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from urllib.parse import quote

import pytest

from engine.board import session
from engine.sniff.board.errors import error_words
from engine.sniff.board.text import ui_text
from engine.sniff.bots import make_bot
from engine.sniff.game import Game
from engine.sniff.record import game_record
from tests.support import saves
from tests.support.browser import axe_problems, settle, transitions_over, visitor_page
from tests.test_board_runtime import BOOT_TIMEOUT

pytestmark = pytest.mark.browser

BOARD = "[data-sniff-board]"
PLAYING = f"{BOARD}[data-play-phase=you], {BOARD}[data-play-phase=bot]"
#: The widest layout of a 2-player hand in 300 seeded games (greedy bots): 806 units across.
LARGEST_LAYOUT = (
    "3|6;0|6 on 3|6 high;3|4 on 3|6 low;2|4 on 3|4 high;2|6 on 2|4 low;0|4 on 0|6 low;6|6 on 2|6 high;"
    "4|4 on 0|4 high;5|6 on 6|6 line-b;5|5 on 5|6 low;1|5 on 5|5 line-b;1|4 on 1|5 low;4|6 on 1|4 high;"
    "4|5 on 4|4 line-b;1|6 on 4|6 high;2|5 on 4|5 high;1|3 on 1|6 low;3|3 on 1|3 high;2|2 on 2|5 low"
)
#: All 28 tiles on the table.
FULL_LAYOUT = (
    "5|5;4|5 on 5|5 line-b;0|5 on 5|5 line-a;3|5 on 5|5 branch-b;1|3 on 3|5 low;0|1 on 0|5 low;0|4 on 4|5 low;"
    "1|1 on 0|1 high;1|5 on 5|5 branch-a;1|4 on 1|5 low;1|6 on 1|3 low;4|6 on 1|6 high;2|4 on 1|4 high;"
    "1|2 on 1|1 line-b;0|0 on 0|4 low;0|6 on 0|0 line-b;6|6 on 0|6 high;3|6 on 6|6 line-b;2|3 on 2|4 low;"
    "4|4 on 4|6 low;3|3 on 2|3 high;3|4 on 4|4 line-b;2|2 on 1|2 high;2|6 on 2|2 line-b;0|3 on 3|3 line-b;"
    "0|2 on 0|3 low;5|6 on 2|6 high;2|5 on 0|2 high"
)
#: Material's accent colour in the light palette (site.css), the "pressed" look after a click.
ACCENT = "rgb(164, 71, 11)"


# --- games made by the engine -----------------------------------------------------------------------------------


def call(op: str, **args):
    answer = json.loads(session.handle(f"sniff.{op}", json.dumps(args)))
    assert answer["ok"], answer
    return answer["result"]


@cache
def finished_game() -> dict:
    """A whole 2-player game (seed 5, greedy bots in every seat, played by the engine itself: the board's ops
    would draw every position on the way, seconds of work) whose last move, the one that wins it, is a placement
    of the player's (seat 0)."""
    game = Game(2, seed=5)
    bots = [make_bot("greedy", random.Random(seat)) for seat in range(2)]
    while not game.is_terminal():
        game.apply_action(bots[game.current_player].choose(game.view(game.current_player)))
    record = game_record(game)
    last = record["hands"][-1]["events"][-1]
    assert len(record["hands"]) >= 2 and last["seat"] == 0 and "play" in last
    return record


def cut(record: dict, hand: int, done: int) -> dict:
    """The record as it stood in hand ``hand`` (from 0) after ``done`` of its events."""
    hands = [dict(h) for h in record["hands"][: hand + 1]]
    if done < len(hands[-1]["events"]):
        hands[-1] |= {"events": hands[-1]["events"][:done], "end": None, "deductions": None, "scores": None}
    finished = hand == len(record["hands"]) - 1 and done == len(record["hands"][-1]["events"])
    return record | {"hands": hands, "winner": record["winner"] if finished else None}


def stored_game(record: dict) -> dict:
    """A saved game as the page stores it: the engine's resume data (``save``), as the engine gave it."""
    save = call("resume", save=record, bots="greedy")["save"]
    return {"version": 1, "save": save, "bots": "greedy"}


# --- pages ------------------------------------------------------------------------------------------------------


@contextmanager
def visitor(browser, url: str, *, storage: dict | None = None, width: int = 1100, violations: bool = True, routes=()):
    """A visitor with these values in localStorage (set once, before the first page), on ``url``; checked clean."""
    scripts = []
    if storage:
        values = json.dumps({key: json.dumps(value) for key, value in storage.items()})
        scripts.append(
            f"""if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');
                  for (const [k, v] of Object.entries({values})) localStorage.setItem(k, v); }}"""
        )
    with visitor_page(
        browser, url, init_scripts=scripts, routes=routes, width=width, height=844, violations=violations
    ) as page:
        yield page


def settings(pace: str = "instant", players: int = 2) -> dict:
    return {"version": 1, "players": players, "bots": "greedy", "pace": pace}


def phase(page) -> str:
    return page.locator(BOARD).get_attribute("data-play-phase")


def pass_the_turn(page) -> None:
    """Play the visitor's first move until the turn goes to a bot or the hand ends (a draw keeps the turn)."""
    while phase(page) == "you":
        before = page.locator(BOARD).get_attribute("data-play-moves")
        page.locator(".sniff-move").first.click()
        settle(page, BOARD, "play", ("you", "bot", "handOver"), before)


#: What of axe-core's rules the palette can change: the colours (the rest is the same in both palettes).
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def axe_in_both_palettes(page, state: str) -> list[str]:
    """Serious or critical problems axe-core finds in the board: every rule in the light palette, the colours in
    the dark one."""
    problems = []
    for scheme, rules in (("default", None), ("slate", COLOUR_RULES)):
        page.evaluate("(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)", scheme)
        transitions_over(page)
        problems += [f"{state} [{scheme}] {problem}" for problem in axe_problems(page, BOARD, rules=rules)]
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
    return problems


def message(page) -> str:
    box = page.locator("[data-play-message]")
    return box.inner_text() if box.is_visible() else ""


# --- items 1, 3 and 8: stale replies, guarded buttons, files that are no record --------------------------------


def test_next_hand_clicked_twice_then_a_file_loaded_while_a_bot_moves(browser, site_url, tmp_path):
    """One boot for both: the next hand, double-clicked, is where the bots then move at a slow pace."""
    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 10_000, encoding="utf-8")
    whole = tmp_path / "game.json"
    whole.write_text(json.dumps(finished_game()), encoding="utf-8")
    record = finished_game()
    at_hand_end = cut(record, 0, len(record["hands"][0]["events"]))
    storage = {"sniff-board:settings": settings(pace="slow"), "sniff-board:game": stored_game(at_hand_end)}
    text, errors = ui_text("it"), error_words("it")
    with visitor(browser, site_url + "/it/play/", storage=storage) as page:
        # "Next hand" clicked twice deals one hand, without an error.
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector(f"{BOARD}[data-play-phase=handOver]", timeout=BOOT_TIMEOUT)
        assert axe_in_both_palettes(page, "end of hand") == []
        page.locator("[data-key=next-hand]").dblclick()
        page.wait_for_selector(PLAYING)
        page.wait_for_timeout(500)
        assert message(page) == ""
        assert page.locator(".sniff-play__meta").inner_text().startswith(text["hand"].format(number=2))
        assert len(saves.sealed(page, "sniff")["save"]["hands"]) == 2

        pass_the_turn(page)
        assert phase(page) == "bot"

        # An empty file while a bot thinks: refused in words of the page's language, and the bot's move still lands.
        moves = page.locator(BOARD).get_attribute("data-play-moves")
        page.get_by_label(text["load"]).set_input_files(str(empty))
        page.wait_for_selector("[data-play-message]:not([hidden])")
        assert message(page) == text["badRecord"].format(reason=errors["record"][-1])
        page.wait_for_function(
            "(moves) => document.querySelector('[data-sniff-board]').dataset.playMoves !== moves", arg=moves
        )
        page.wait_for_selector(f"{BOARD}[data-play-phase=you], {BOARD}[data-play-phase=handOver]")
        assert page.locator(".sniff-move, [data-key=next-hand]").count() > 0, "the player can go on"
        assert "turn" not in message(page) and "bot" not in message(page)

        # A deeply nested file is refused before it is posted; the worker is untouched.
        page.get_by_label(text["load"]).set_input_files(str(deep))
        page.wait_for_function(
            "(text) => document.querySelector('[data-play-message]').textContent === text",
            arg=text["badRecord"].format(reason=errors["record-too-deep"].format(limit=32)),
        )
        assert page.locator(BOARD).get_attribute("data-state") == "ready"
        assert page.locator(BOARD).get_attribute("data-restarts") == "0"

        # A record loaded while a bot thinks: the replay shows, and the bot's reply, now stale, changes nothing.
        pass_the_turn(page)
        page.get_by_label(text["load"]).set_input_files(str(whole))
        page.wait_for_selector(f"{BOARD}[data-play-phase=replay]")
        page.wait_for_timeout(2500)  # longer than the bot's pace
        assert phase(page) == "replay"
        assert page.locator(".sniff-play__replay").count() == 1


# --- item 2: stored data that is bad, outdated or cannot be restored ---------------------------------------------


def test_bad_or_outdated_stored_data_never_locks_the_visitor_out(browser, site_url):
    storage = {
        "sniff-board:settings": {"bots": "expert", "players": "4", "pace": "warp"},
        "sniff-board:game": {"record": {"players": 2}, "bots": "greedy"},  # a save from before versions
    }
    text = ui_text("fi")
    with visitor(browser, site_url + "/fi/play/", storage=storage) as page:
        assert page.get_by_role("button", name=text["continue"]).count() == 0, "an outdated save is no save"
        form = page.locator("[data-play-settings]")
        assert form.locator("input[name=sniff-players]:checked").get_attribute("value") == "2"
        assert form.locator("select[name=bots]").input_value() == "greedy"
        assert form.locator("select[name=pace]").input_value() == "normal"

        # A save of this version that does not replay, beside the bad settings: the board says why, in words, and
        # a new game starts (one boot for both: the page is only reloaded before it).
        broken = stored_game(cut(finished_game(), 0, 3))
        broken["save"] = finished_game() | {"target": 7}
        page.evaluate("(game) => localStorage.setItem('sniff-board:game', game)", json.dumps(broken))
        page.reload()
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector(PLAYING, timeout=BOOT_TIMEOUT)
        page.wait_for_selector("[data-play-message]:not([hidden])")
        assert message(page) == text["restoreFailed"].format(reason=error_words("fi")["record"][-1])
        assert page.locator(BOARD).get_attribute("data-state") == "ready"
        # Nothing is placed yet: no "Why did that score?" (item 16).
        if page.locator(BOARD).get_attribute("data-play-moves") == "1":
            assert page.locator(".sniff-play__hint-button").count() == 0
        page.locator("select[name=pace]").select_option("fast")
        stored = json.loads(page.evaluate("localStorage.getItem('sniff-board:settings')"))
        assert stored == {
            "version": 1,
            "rules": "american",
            "partners": False,
            "players": 2,
            "bots": "greedy",
            "pace": "fast",
        }


# --- item 4: the board's keys are the board's ------------------------------------------------------------------


@pytest.mark.parametrize("path, board", [("/play/", "[data-sniff-board]"), ("/okey-play/", "[data-okey-board]")])
def test_keys_pressed_in_the_board_do_not_reach_materials_shortcuts(browser, site_url, path, board):
    # The game's own module loads its parts after the page's load event; here they are held back until the keys
    # are pressed, so the keys land before the game exists: the loader holds them back from the first moment.
    held = []
    game = f"document.querySelector('{board}').boardController"
    routes = [(re.compile(r"/assets/board/dom\.mjs"), lambda route: held.append(route))]
    with visitor(browser, site_url + path, routes=routes) as page:
        address = page.url
        page.locator("[data-board-start]").focus()
        for key in ("n", "p", ",", ".", "s", "f", "/"):
            page.keyboard.press(key)
        page.wait_for_timeout(300)
        assert held and not page.evaluate(game), "the game's module ran before the keys were pressed"
        assert page.url == address
        assert page.evaluate(f"document.activeElement.closest('{board}') !== null")
        for route in held:
            route.continue_()
        page.wait_for_function(game)
        for key in ("n", "/"):
            page.keyboard.press(key)
        page.wait_for_timeout(300)
        assert page.url == address
        assert not page.locator("[data-md-toggle=search]").is_checked()
        # Outside the board, Material's shortcuts still work.
        page.locator("h1").first.click()
        page.keyboard.press("/")
        page.wait_for_function("document.querySelector('[data-md-toggle=search]').checked")


# --- items 6, 11, 13, 14 and 16: every state in both palettes, on a phone, in Indonesian ---------------------------


def test_every_state_of_the_board_is_accessible_in_both_palettes_on_a_phone(browser, site_url, tmp_path):
    record = finished_game()
    last = len(record["hands"]) - 1
    before_the_win = cut(record, last, len(record["hands"][last]["events"]) - 1)
    winning = record["hands"][last]["events"][-1]["play"]
    whole = tmp_path / "game.json"
    whole.write_text(json.dumps(record), encoding="utf-8")
    storage = {"sniff-board:settings": settings(), "sniff-board:game": stored_game(before_the_win)}
    text = ui_text("id")
    problems = []
    with visitor(browser, site_url + "/id/play/", storage=storage, width=390) as page:
        problems += axe_in_both_palettes(page, "continue prompt")
        # The dark palette's secondary button beside "Continue the game" (1.33:1 before): at least 4.5:1.
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
        transitions_over(page)
        colours = page.evaluate(
            """() => { const b = document.querySelector('[data-board-start]');
                 const board = b.closest('.sniff-board');
                 return [getComputedStyle(b).color, getComputedStyle(board).backgroundColor]; }"""
        )
        assert contrast(*colours) >= 4.5, colours
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector(f"{BOARD}[data-play-phase=you]", timeout=BOOT_TIMEOUT)
        problems += axe_in_both_palettes(page, "in play")
        padding = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.sniff-play__log')).paddingLeft)")
        assert padding >= 8, "the hand's log has room on its left (item 16)"

        # A replay; its step buttons break between words only (item 13), a click leaves no "pressed" look (14).
        page.get_by_label(text["load"]).set_input_files(str(whole))
        page.wait_for_selector(f"{BOARD}[data-play-phase=replay]")
        problems += axe_in_both_palettes(page, "replay")
        page.get_by_role("button", name=text["previous"], exact=True).click()
        page.wait_for_selector("[data-key=replay-play-on]")
        broken = page.evaluate(BROKEN_WORDS, ".sniff-play__replay .md-button")
        assert broken == [], f"words broken across lines: {broken}"
        page.mouse.move(0, 0)
        transitions_over(page)  # (the hover's colour goes in Material's 125 ms transition, later on a busy machine)
        assert page.evaluate("document.activeElement.dataset.key") == "replay-previous"
        background = page.evaluate("getComputedStyle(document.activeElement).backgroundColor")
        assert background != ACCENT, "a clicked button does not stay filled with the accent colour"

        # Play on from here would replace the saved game: the board asks first (item 11).
        page.get_by_role("button", name=text["playOn"], exact=True).click()
        confirm = page.get_by_role("group", name=text["confirmPlayOn"])
        confirm.wait_for()
        problems += axe_in_both_palettes(page, "play on, asked")
        confirm.get_by_role("button", name=text["cancel"], exact=True).click()
        assert phase(page) == "replay"
        page.get_by_role("button", name=text["playOn"], exact=True).click()
        page.get_by_role("button", name=text["confirmPlayOnYes"], exact=True).click()
        page.wait_for_selector(f"{BOARD}[data-play-phase=you]")

        # The winning move: the end of the game.
        page.locator(f".sniff-move[data-action='{winning}']").click()
        page.wait_for_selector(f"{BOARD}[data-play-phase=gameOver]")
        problems += axe_in_both_palettes(page, "end of game")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert problems == []


def test_the_setup_is_accessible_in_both_palettes(browser, site_url):
    # The prompt to continue a saved game: in the test of every state above.
    with visitor(browser, site_url + "/play/", width=390) as page:
        assert axe_in_both_palettes(page, "setup") == []


def contrast(foreground: str, background: str) -> float:
    def luminance(colour: str) -> float:
        channels = [int(value) / 255 for value in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# --- items 7, 15 and 16: the sandbox on a phone --------------------------------------------------------------


def open_sandbox(page, layout: str) -> None:
    sandbox = "document.querySelector('[data-sniff-board]').boardController.game.sandbox"
    page.evaluate(f"(layout) => {sandbox}.open(layout)", layout)
    page.wait_for_function(
        "(layout) => document.querySelector('.sniff-play__table [data-layout]')?.dataset.layout === layout", arg=layout
    )


def test_the_sandbox_on_a_phone(browser, site_url, tmp_path):
    shots = Path(os.environ.get("SNIFF_SCREENSHOTS", tmp_path))
    # A 60 KB value that is no layout: the banner quotes at most an excerpt (item 15), the empty table says so once.
    hostile = "1|4;" + "x" * 60_000
    with visitor(browser, site_url + "/play/?sandbox=" + quote(hostile, safe=""), width=390) as page:
        page.wait_for_selector(f"{BOARD}[data-play-phase=sandbox]", timeout=BOOT_TIMEOUT)
        page.wait_for_selector("[data-play-message]:not([hidden])")
        assert len(message(page)) < 300
        reason = error_words("en")["layout-too-long"].format(size=len(hostile))
        assert message(page) == ui_text("en")["badLayout"].format(reason=reason)
        shown = page.locator(".sniff-play__content").first.inner_text()  # the live region aside
        assert shown.count(ui_text("en")["emptyLayout"]) == 1
        assert axe_in_both_palettes(page, "sandbox") == []

        # Every tile placed: no heading over an empty list (item 16). The sandbox opens the next layouts as it opens
        # an address's, without a new boot.
        open_sandbox(page, FULL_LAYOUT)
        assert page.locator("#sniff-play-remaining").inner_text() == ui_text("en")["allPlaced"]
        assert page.locator(".sniff-play__tiles--all").count() == 0

        # The largest layout of a 2-player game at 390 px: every join's target and every pip large enough (item 7).
        open_sandbox(page, LARGEST_LAYOUT)
        tiles = page.evaluate("document.querySelector('[data-sniff-board]').boardController.game.sandbox.view.tiles")
        tile = max(tiles, key=lambda entry: len(entry["moves"]))
        assert len(tile["moves"]) > 1
        page.locator(f".sniff-tile[data-tile='{tile['tile']}']").click()
        page.wait_for_selector(".join-hit")
        sizes = page.evaluate(
            """() => { const size = (selector) => [...document.querySelectorAll(selector)]
                 .map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height));
               return {hits: size('.sniff-play__table .join-hit'), pips: size('.sniff-play__table .pip')}; }"""
        )
        assert len(sizes["hits"]) == len(tile["moves"])
        assert min(sizes["hits"]) >= 24, sizes["hits"]
        assert min(sizes["pips"]) >= 4, min(sizes["pips"])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the table pans, not the page"
        # The view follows the selected tile: one of its places is on screen.
        assert page.evaluate(
            """() => { const table = document.querySelector('.sniff-play__table').getBoundingClientRect();
                 return [...document.querySelectorAll('.join-hit')].some((hit) => {
                   const r = hit.getBoundingClientRect();
                   return r.left >= table.left && r.right <= table.right; }); }"""
        )
        # Screenshots at 390 px in both palettes, the selected tile's places lit, to look at (SNIFF_SCREENSHOTS=folder).
        for scheme in ("default", "slate"):
            page.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            page.wait_for_timeout(300)
            page.locator(".sniff-play__table").scroll_into_view_if_needed()
            page.screenshot(path=str(shots / f"board-390-{scheme}.png"))
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
        # A lit join is tapped where it is drawn: the tile goes there.
        hit = page.locator(".join-hit").first
        action = hit.get_attribute("data-action")
        hit.click()
        page.wait_for_function("(a) => decodeURIComponent(location.search).endsWith(a)", arg=action)


# --- item 13: step buttons break between words, never inside one ---------------------------------------------

#: The words of each button under ``selector`` that the page wraps across lines.
BROKEN_WORDS = """(selector) => [...document.querySelectorAll(selector)].flatMap((button) => {
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT), broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let start = 0;
    for (const word of node.textContent.split(/\\s/)) {
      if (word) {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(word);
      }
      start += word.length + 1;
    }
  }
  return broken; })"""


# Each language's rules page at 390 px, its step buttons' words whole: tests/test_diagrams_browser.py, with the
# steps themselves.


# --- item 12: the Content-Security-Policy holds on every page: tests/test_site_a11y.py loads every page under it --


# --- item 17: a table wider than a phone says that it scrolls ---------------------------------------------------


def test_a_wide_table_on_a_phone_shows_that_it_scrolls(browser, site_url):
    with visitor(browser, site_url + "/reference/", width=390) as page:
        box = page.locator(".md-typeset__scrollwrap.sniff-scrolls").first
        box.wait_for()
        assert page.evaluate("(box) => getComputedStyle(box).maskImage", box.element_handle()) != "none"
        assert box.get_attribute("tabindex") == "0", "the keyboard can scroll it"
        box.evaluate("(box) => box.scrollTo({left: box.scrollWidth})")
        page.wait_for_function("(box) => box.classList.contains('sniff-scrolled-end')", arg=box.element_handle())
        assert page.evaluate("(box) => getComputedStyle(box).maskImage", box.element_handle()) == "none"
