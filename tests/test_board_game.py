"""The board's game in Chromium: a visitor plays through the accessible buttons.

Runs against the built site (scripts/build_site), like tests/test_board_runtime.py.
Bots move at the fastest pace ("No pause", set in the settings the board keeps in
localStorage). A whole hand is played from the deal, and the end of a game from a
saved game near its end (the engine's tests play thousands of whole games; the
browser is for what only a browser can check). Every page fails its test on a console
error or a request that leaves 127.0.0.1 (tests/support/browser.py PageWatch).
"""

from __future__ import annotations

import json
import random
import re
from contextlib import contextmanager
from urllib.parse import quote, unquote

import pytest

from engine.board.text import loader_text
from engine.sniff.board.errors import error_words
from engine.sniff.board.text import Words, ui_text
from engine.sniff.record import replay
from tests.support import browser as support
from tests.support import saves
from tests.support.browser import AXE_PATH, axe_problems, visitor_page
from tests.support.ops import call, next_view
from tests.test_board_runtime import BOOT_TIMEOUT, locale_path

pytestmark = pytest.mark.browser

BOARD = "[data-sniff-board]"
ENGLISH_MOVE = re.compile(
    r"^(Open with \[\d\|\d\]|Place \[\d\|\d\] on \[\d\|\d\] (line A|line B|branch A|branch B|high end|low end)"
    r"|Draw a tile|Pass)$"
)


@contextmanager
def board_page(
    browser, url: str, *, players: int = 2, bots: str = "greedy", pace: str = "instant", width=1100, game=None
):
    """A fresh visitor with these settings stored (and ``game``, a saved game, before the first page), on ``url``;
    checked clean at the end."""
    settings = json.dumps({"version": 1, "players": players, "bots": bots, "pace": pace})
    store = f"localStorage.setItem('sniff-board:settings', {json.dumps(settings)});"
    if game is not None:
        store += f"""if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');
                       localStorage.setItem('sniff-board:game', {json.dumps(json.dumps(game))}); }}"""
    with visitor_page(browser, url, init_scripts=[store, saves.WATCH_WORKER], width=width) as page:
        yield page


def start(page, lang: str) -> None:
    page.get_by_role("button", name=loader_text(lang)["start"], exact=True).click()
    page.wait_for_selector(f"{BOARD}[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
    settle(page)


def settle(page, before: str | None = None) -> str:
    """Wait until it is the player's turn, or a hand or the game is over, after ``before``; the new phase."""
    return support.settle(page, BOARD, "play", ("you", "handOver", "gameOver"), before)


def shown_layout(page) -> str:
    """The layout on the table, in the notation (the engine's SVG, or the empty table, carries it)."""
    return page.locator(".sniff-play__table [data-layout]").get_attribute("data-layout")


def wait_for_layout(page, layout: str) -> None:
    page.wait_for_function(
        "(layout) => document.querySelector('.sniff-play__table [data-layout]')?.dataset.layout === layout", arg=layout
    )


def moves_done(page) -> str:
    return page.locator(BOARD).get_attribute("data-play-moves")


def saved_record(page) -> dict:
    """The whole game as the board's worker keeps it, sealed (the page never receives it; the test opens it in the
    worker)."""
    return saves.sealed(page, "sniff")["save"]


def move_buttons(page):
    group = page.get_by_role("group", name=re.compile(".+")).filter(has=page.locator(".sniff-move"))
    return group.get_by_role("button")


def expected_moves(record: dict, lang: str) -> list[str]:
    """The names of the player's move buttons, as the engine in CPython sees the saved game."""
    game = replay(record)
    words = Words(lang, game.players)
    return [words.action(action) for action in game.legal_actions()]


def sheet(page) -> list[list[dict]]:
    """The score sheet as shown: per hand, per side, the points, the deductions and the total."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.sniff-sheet tbody tr')].map((row) =>
          [...row.querySelectorAll('td')].map((cell) => ({
            points: [...cell.querySelectorAll('[data-points]')].map((e) => Number(e.dataset.points)),
            deductions: [...cell.querySelectorAll('[data-deduction]')].map((e) => Number(e.dataset.deduction)),
            total: Number(cell.querySelector('[data-total]').dataset.total),
          })))"""
    )


def check_sheet_against_record(shown: list[list[dict]], record: dict) -> None:
    sides = 2 if record["players"] == 4 else record["players"]
    assert len(shown) == len(record["hands"])
    for row, hand in zip(shown, record["hands"], strict=True):
        for side, cell in enumerate(row):
            points = [e["points"] for e in hand["events"] if "play" in e and e["points"] and e["seat"] % sides == side]
            deducted = [d for seat, d in enumerate(hand["deductions"]) if d and seat % sides == side]
            assert cell == {"points": points, "deductions": deducted, "total": hand["scores"][side]}


def play_with_buttons(page, lang: str, rng: random.Random | None, *, until: str) -> int:
    """Click random legal moves (checked against the engine's; without ``rng``, the first one) until the phase
    ``until``; the hands played."""
    text = ui_text(lang)
    phase, hands = settle(page), 1
    while phase != until and phase != "gameOver":
        before = moves_done(page)
        if phase == "handOver":
            page.get_by_role("button", name=text["nextHand"], exact=True).click()
            hands += 1
        else:
            names = move_buttons(page).all_inner_texts()
            assert names == expected_moves(saved_record(page), lang)
            if lang == "en":
                assert all(ENGLISH_MOVE.match(name) for name in names), names
            page.get_by_role("button", name=rng.choice(names) if rng else names[0], exact=True).click()
        phase = settle(page, before)
    return hands


@pytest.mark.parametrize(("players", "lang", "csp"), [(2, "en", False), (4, "fi", True)])
def test_a_visitor_plays_a_whole_hand_with_the_buttons(browser, site_url, csp_url, players, lang, csp):
    url = (csp_url if csp else site_url) + locale_path(lang)
    with board_page(browser, url, players=players) as page:
        start(page, lang)
        support.watch_announcements(page, "play")
        # Mid-hand, every message the page received and every stored value: nothing of the hidden game.
        for _ in range(2):
            before = moves_done(page)
            if settle(page) == "you":
                move_buttons(page).first.click()
                settle(page, before)
        record = saved_record(page)
        if record["hands"][-1]["end"] is None:
            hand = replay(record).hand
            hidden = {seat: [t.notation() for t in hand.tiles(seat)] for seat in range(players)}
            saves.check_nothing_hidden(page, record, "hands", hidden)
        if csp:
            # The game in play is accessible, its hint open (there is none before the first tile); axe-core comes
            # from the site's own origin, as the strict policy allows.
            if page.locator(".sniff-play__hint-button").count():
                page.locator(".sniff-play__hint-button").click()
            assert axe_problems(page, BOARD, source=csp_url + AXE_PATH) == []
        play_with_buttons(page, lang, random.Random(players), until="handOver")
        if page.locator(BOARD).get_attribute("data-play-phase") == "handOver":
            # Every hand is shown, with each deduction and its rounding.
            assert page.locator(".sniff-play__deductions li").count() in (0, players)
        record = saved_record(page)
        replay(record)
        check_sheet_against_record(sheet(page), record)
        announced = " ".join(page.evaluate("window.announced"))
        assert Words(lang, players).seat(1) in announced, "the bots' moves are announced"
        if not csp:  # the end of a hand; under the strict policy, the game in play is checked above
            assert axe_problems(page, BOARD) == []


def near_final_save(players: int, seed: int) -> dict:
    """A greedy game's record cut at the start of its last hand: the save of a game about to end (if the player
    plays as the game's own bot did; ``ending`` finds how it goes on)."""
    from engine.board.replays import record_at
    from engine.core.games import GAMES
    from engine.sniff.bots import make_bot
    from engine.sniff.game import Game
    from engine.sniff.record import game_record

    game = Game(players, seed=seed)
    bots = [make_bot("greedy", random.Random(seat)) for seat in range(players)]
    while not game.is_terminal():
        game.apply_action(bots[game.current_player].choose(game.view(game.current_player)))
    record = game_record(game)
    return record_at(GAMES["sniff"], record, (len(record["hands"]) - 1, 0))


def ending(save: dict) -> dict:
    """The whole record of the game ``save`` goes on to, through the board's own ops in CPython, the player always
    making the first of its moves (the board's bots move as the position dictates, in Pyodide as here)."""
    view = call("sniff.resume", save=save, bots="greedy")
    while view["phase"] not in ("gameOver", "handOver"):
        view = next_view(view)
    return view["save"]


def test_the_end_of_a_game_from_a_saved_game_near_its_end(browser, site_url):
    players, lang = 3, "it"
    text = ui_text(lang)
    # Seed 11's last hand ends the game in four moves of the player's, each the first one offered (all checked
    # against the engine's); random moves would more often go on for many hands (the whole-hand test plays those).
    save = near_final_save(players, seed=11)
    expected = ending(save)
    assert expected["winner"] is not None and len(expected["hands"]) == len(save["hands"])
    with board_page(browser, site_url + locale_path(lang), players=players) as page:
        page.evaluate(
            "(save) => localStorage.setItem('sniff-board:game', JSON.stringify(save))", {"save": save, "bots": "greedy"}
        )
        page.reload()
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector(f"{BOARD}[aria-busy=false]", timeout=BOOT_TIMEOUT)
        support.watch_announcements(page, "play")
        hands = len(save["hands"]) - 1 + play_with_buttons(page, lang, None, until="gameOver")
        with page.expect_download() as download:
            page.get_by_role("button", name=text["download"], exact=True).click()
        record = json.loads(download.value.path().read_text(encoding="utf-8"))
        game = replay(record)  # every placement, deduction and score checks out
        assert game.winner is not None and len(record["hands"]) == hands
        assert record["hands"][: len(save["hands"]) - 1] == save["hands"][:-1]
        assert record["hands"] == expected["hands"], "the board's bots in Pyodide move as the engine's in CPython"
        check_sheet_against_record(sheet(page), record)
        winner = page.locator(".sniff-play__winner").inner_text()
        assert str(game.scores[game.winner]) in winner
        assert page.locator(".sniff-play .board-chart svg").locator("polyline").count() == game.sides
        assert winner in " ".join(page.evaluate("window.announced"))
        assert page.evaluate("localStorage.getItem('sniff-board:game')") is None, "the old save was handed over"
        assert saves.sealed(page, "sniff") is None, "a finished game is not resumed"
        assert axe_problems(page, BOARD) == []


def test_a_reload_in_the_middle_of_a_hand_resumes_the_same_position_then_a_record_replays(browser, site_url, tmp_path):
    from engine.board import session

    view = json.loads(session.handle("sniff.new", json.dumps({"players": 2, "bots": "greedy", "seed": 6})))["result"]
    for _ in range(12):
        op = "sniff.act" if view["phase"] == "you" else "sniff.bot"
        args = {"game": view["game"]} | ({"action": view["actions"][0]["action"]} if op == "sniff.act" else {})
        view = json.loads(session.handle(op, json.dumps(args)))["result"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(view["save"]), encoding="utf-8")
    broken = tmp_path / "broken.json"
    tampered = json.loads(json.dumps(view["save"]))
    tampered["hands"][0]["events"][1]["seat"] = 1 - tampered["hands"][0]["events"][1]["seat"]
    broken.write_text(json.dumps(tampered), encoding="utf-8")
    text = ui_text("en")

    with board_page(browser, site_url + "/play/", players=3) as page:
        start(page, "en")
        for _ in range(3):
            before = moves_done(page)
            move_buttons(page).first.click()
            if settle(page, before) != "you":
                break
        position = page.evaluate(
            """() => ({layout: document.querySelector('.sniff-play__table [data-layout]').dataset.layout,
                      hand: [...document.querySelectorAll('.sniff-play__hand .sniff-tile')].map((t) => t.dataset.tile),
                      log: [...document.querySelectorAll('.sniff-play__log li')].map((li) => li.textContent),
                      scores: document.querySelector('.sniff-play__scores').textContent,
                      turn: document.querySelector('[data-play-turn]').textContent})"""
        )
        moves = move_buttons(page).all_inner_texts()
        record = saved_record(page)
        page.reload()
        # The game goes on at once, as it was: no demo layout with "Continue the game" to press (issue 37).
        page.wait_for_selector(f"{BOARD}[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
        assert page.get_by_role("button", name=ui_text("en")["continue"], exact=True).count() == 0
        settle(page)
        assert saved_record(page) == record
        assert move_buttons(page).all_inner_texts() == moves
        again = page.evaluate(
            """() => ({layout: document.querySelector('.sniff-play__table [data-layout]').dataset.layout,
                      hand: [...document.querySelectorAll('.sniff-play__hand .sniff-tile')].map((t) => t.dataset.tile),
                      log: [...document.querySelectorAll('.sniff-play__log li')].map((li) => li.textContent),
                      scores: document.querySelector('.sniff-play__scores').textContent,
                      turn: document.querySelector('[data-play-turn]').textContent})"""
        )
        assert again == position

        # A loaded record replays move by move (the game in play aside).
        page.get_by_label(text["load"]).set_input_files(str(broken))
        page.wait_for_selector("[data-play-message]:not([hidden])")
        reason = error_words("en")["record"][0].format(hand=1, event=2)
        assert reason in page.locator("[data-play-message]").inner_text()
        page.get_by_label(text["load"]).set_input_files(str(path))
        page.wait_for_selector(f"{BOARD}[data-play-phase=replay]")
        assert shown_layout(page) == ";".join(view["layout"])
        page.get_by_role("button", name=text["first"], exact=True).click()
        wait_for_layout(page, "")
        page.get_by_role("button", name=text["next"], exact=True).click()
        first = view["save"]["hands"][0]["events"][0]["play"]
        wait_for_layout(page, first)
        # Every hand is shown in a replay.
        assert page.locator(".sniff-play__seats .sniff-faces").count() == 2
        page.get_by_role("button", name=text["playOn"], exact=True).click()
        # The game in progress (the one resumed above) would be lost: the board asks first.
        page.get_by_role("button", name=text["confirmPlayOnYes"], exact=True).click()
        page.wait_for_selector(f"{BOARD}[data-play-phase=you], {BOARD}[data-play-phase=bot]")
        assert saved_record(page)["hands"][0]["events"][:1] == view["save"]["hands"][0]["events"][:1]


#: The page's game dealt ahead for the next New game (docs/assets/board/prepared.mjs), and the list of saved games.
NEXT = "sniff-board:next"
FORGET_SAVES = "for (const k of Object.keys(localStorage)) if (k.endsWith(':saves')) localStorage.removeItem(k)"
#: What differs between two replies about the same game: its id in the worker, what changed, the bot's time.
OWN = ("game", "news", "botMs", "stored")


def test_a_game_dealt_ahead_is_drawn_before_the_engine_runs_and_a_move_made_meanwhile_is_played(browser, site_url):
    """The next visit's New game draws the game the worker dealt ahead during this one, before Python has booted; a
    move made on it then waits for the worker, which takes the game up from its sealed save: the game goes on as the
    engine in CPython plays it from that save, the page never holding more than the seat may see."""
    with board_page(browser, site_url + "/play/", players=2) as page:
        start(page, "en")
        page.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=NEXT, timeout=BOOT_TIMEOUT)
        entry = json.loads(page.evaluate("(key) => localStorage.getItem(key)", NEXT))
        prepared = saves.opened(page, f"sniff:next:{entry['id']}")["save"]
        hand = replay(prepared).hand
        hidden = {seat: [t.notation() for t in hand.tiles(seat)] for seat in range(2)}
        # The page keeps that seat's first view: no seed, no other seat's tile, no boneyard.
        assert saves.leaks([json.dumps(entry)], prepared, "hands", hidden) == []
        # ... the view the engine in CPython shows of the game sealed beside it.
        taken = call("sniff.resume", save=prepared, bots="greedy")
        assert {k: v for k, v in entry["view"].items() if k not in OWN} == {
            k: v for k, v in taken.items() if k not in (*OWN, "save")
        }

        # The next visit (this tab's game forgotten): the engine held back until a move is made.
        page.evaluate(FORGET_SAVES)
        held = []

        def hold(route):
            held.append(route)

        page.context.route("**/*.whl", hold)
        try:
            page.reload()
            page.get_by_role("button", name=loader_text("en")["start"], exact=True).click()
            page.wait_for_selector(f"{BOARD}[data-play-phase=you][aria-busy=false]")
            assert page.locator(BOARD).get_attribute("data-state") == "loading"
            before = moves_done(page)
            names = move_buttons(page).all_inner_texts()
            assert names == expected_moves(prepared, "en")
            move_buttons(page).first.click()
            page.wait_for_selector(f"{BOARD}[data-play-busy=true]")
            for _ in range(BOOT_TIMEOUT // 50):  # (the worker asks for the wheel once it has read the lock file)
                if held:
                    break
                page.wait_for_timeout(50)
            assert held, "the worker asked for the engine's wheel"
            assert moves_done(page) == before, "the move waits for the engine"
            for route in held:
                route.continue_()
        finally:
            page.context.unroute("**/*.whl", hold)
        page.wait_for_selector(f"{BOARD}[data-state=ready]", timeout=BOOT_TIMEOUT)
        settle(page, before)
        record = saved_record(page)
        view = call("sniff.act", game=taken["game"], action=taken["actions"][0]["action"])
        while view["phase"] == "bot":
            view = call("sniff.bot", game=view["game"])
        assert record == view["save"], "the game goes on as the engine in CPython plays it from the sealed save"
        replay(record)
        assert saves.opened(page, f"sniff:next:{entry['id']}") is None, "taken once"
        if record["hands"][-1]["end"] is None:
            hand = replay(record).hand
            hidden = {seat: [t.notation() for t in hand.tiles(seat)] for seat in range(2)}
            saves.check_nothing_hidden(page, record, "hands", hidden)


def test_invalid_clicks_change_nothing_and_one_click_plays_a_tile_that_fits_once(browser, site_url):
    # A game just dealt (seed 1) whose first two turns of the player's have all three cases (a tile that fits
    # nowhere, one that fits once, one with several places): a random deal may take twenty turns to show them.
    dealt = call("sniff.new", players=2, bots="greedy", seed=1)["save"]
    game = {"version": 1, "save": call("sniff.resume", save=dealt, bots="greedy")["save"], "bots": "greedy"}
    with board_page(browser, site_url + "/play/", players=2, game=game) as page:
        page.get_by_role("button", name=ui_text("en")["continue"], exact=True).click()
        page.wait_for_selector(f"{BOARD}[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
        checked = {"unplayable": False, "single": False, "choice": False}
        for _ in range(60):
            if all(checked.values()):
                break
            phase = settle(page)
            before = moves_done(page)
            if phase == "handOver":
                page.get_by_role("button", name="Next hand", exact=True).click()
                settle(page, before)
                continue
            if phase == "gameOver":
                break
            view = page.evaluate("document.querySelector('[data-sniff-board]').boardController.view")
            record = saved_record(page)
            places = {}
            for move in view["actions"]:
                if "tile" in move:
                    places.setdefault(move["tile"], []).append(move)
            # Clicks on what may not be played: the layout's tiles and marks, a tile that fits nowhere, the sheet.
            for target in (".sniff-play__table .tile", ".sniff-play__table .counted", ".sniff-sheet"):
                if page.locator(target).count():
                    page.locator(target).first.click(force=True)
            stuck = [tile for tile in view["seats"][0]["tiles"] if tile not in places]
            if stuck:
                page.locator(f".sniff-tile[data-tile='{stuck[0]}']").click(force=True)  # aria-disabled
                checked["unplayable"] = True
            assert saved_record(page) == record
            assert page.locator(".sniff-tile[aria-pressed=true]").count() == 0
            assert moves_done(page) == before
            single = [tile for tile, moves in places.items() if len(moves) == 1]
            several = [tile for tile, moves in places.items() if len(moves) > 1]
            if several and view["layout"]:
                tile = several[0]
                page.locator(f".sniff-tile[data-tile='{tile}']").click()
                assert page.locator(f".sniff-tile[data-tile='{tile}']").get_attribute("aria-pressed") == "true"
                hits = page.locator(".join-hit")
                assert hits.count() == len(places[tile])
                # A lit place of another tile's is not offered; a click on the picture's background does nothing.
                page.locator(".sniff-play__table svg").click(position={"x": 2, "y": 2})
                assert moves_done(page) == before
                action = hits.nth(len(places[tile]) - 1).get_attribute("data-action")
                hits.nth(len(places[tile]) - 1).click()
                settle(page, before)
                assert saved_record(page)["hands"][-1]["events"][len(record["hands"][-1]["events"])]["play"] == action
                checked["choice"] = True
            elif single:
                tile = single[0]
                page.locator(f".sniff-tile[data-tile='{tile}']").click()
                settle(page, before)
                played = saved_record(page)["hands"][len(record["hands"]) - 1]["events"][
                    len(record["hands"][-1]["events"])
                ]
                assert played["play"] == places[tile][0]["action"]
                checked["single"] = True
            else:
                move_buttons(page).first.click()
                settle(page, before)
        assert all(checked.values()), checked


def test_a_try_it_link_opens_the_sandbox_with_its_layout(browser, site_url):
    with board_page(browser, site_url + "/rules/") as page:
        link = page.locator(".sniff-try-link").first
        layout = unquote(link.get_attribute("href").split("?sandbox=", 1)[1])
        link.click()
        page.wait_for_selector(f"{BOARD}[data-play-phase=sandbox]", timeout=BOOT_TIMEOUT)
        svg = page.locator(".sniff-play__table svg")
        assert svg.get_attribute("data-layout") == layout
        caption = page.locator("[data-play-caption]").inner_text()

        # Place a tile on a highlighted join: the picture, caption, score and address change at once.
        tiles = page.evaluate("document.querySelector('[data-sniff-board]').boardController.game.sandbox.view.tiles")
        tile = next(entry for entry in tiles if entry["moves"])
        page.locator(f".sniff-tile[data-tile='{tile['tile']}']").click()
        if len(tile["moves"]) > 1:
            page.locator(f".join-hit[data-action='{tile['moves'][-1]['action']}']").click()
        placed = f"{layout};{tile['moves'][-1]['action']}"
        wait_for_layout(page, placed)
        assert page.locator("[data-play-caption]").inner_text() != caption
        assert page.url.endswith("?sandbox=" + quote(placed, safe=""))

        # The address reproduces the layout exactly.
        address = page.url
        page.reload()
        page.wait_for_selector(f"{BOARD}[data-play-phase=sandbox]", timeout=BOOT_TIMEOUT)
        assert shown_layout(page) == placed

        # Undo takes the tile back, and the address with it.
        page.get_by_role("button", name=ui_text("en")["undo"], exact=True).click()
        wait_for_layout(page, layout)
        assert page.url == address.split("?")[0] + "?sandbox=" + quote(layout, safe="")
        assert page.locator("[data-play-caption]").inner_text() == caption
        assert axe_problems(page, BOARD) == []

        # "Start over" goes back to the diagram's position (not an empty layout), after a reload too: the page
        # reloaded above opened on the address's layout, the tile placed, and still knows the diagram's.
        page.locator(f".sniff-tile[data-tile='{tile['tile']}']").click()
        if len(tile["moves"]) > 1:
            page.locator(f".join-hit[data-action='{tile['moves'][-1]['action']}']").click()
        wait_for_layout(page, placed)
        page.get_by_role("button", name=ui_text("en")["clear"], exact=True).click()
        wait_for_layout(page, layout)
        assert page.get_by_role("button", name=ui_text("en")["clear"], exact=True).is_disabled()


def test_a_broken_sandbox_address_says_why_and_starts_empty(browser, csp_url):
    with board_page(browser, csp_url + "/it/play/?sandbox=" + quote("1|4;2|2 on 1|4 high", safe="")) as page:
        page.wait_for_selector(f"{BOARD}[data-play-phase=sandbox]", timeout=BOOT_TIMEOUT)
        message = page.locator("[data-play-message]").inner_text()
        assert message.startswith(ui_text("it")["badLayout"].split("{reason}")[0])
        # The page joins the placements with ";": the reason names the second placement, not line 1 (issue 25).
        assert error_words("it")["notation"][0].format(placement=2) in message, message
        assert shown_layout(page) == ""
        # Opening on an empty layout is one click; the address follows.
        page.locator(".sniff-tile[data-tile='3|4']").click()
        page.wait_for_function("() => location.search === '?sandbox=3%7C4'")


def test_the_board_fits_a_phone_and_the_keyboard_reaches_every_move(browser, site_url):
    with board_page(browser, site_url + "/id/play/", players=4, width=390) as page:
        start(page, "id")
        assert settle(page) == "you"
        before = moves_done(page)
        # Tab from the turn's line through the hand to a move, then Enter.
        page.locator("[data-play-turn]").focus()
        names = set(move_buttons(page).all_inner_texts())
        for _ in range(40):
            page.keyboard.press("Tab")
            focused = page.evaluate("document.activeElement.textContent")
            if focused in names:
                break
        else:
            pytest.fail("no move button is reachable by Tab")
        page.keyboard.press("Enter")
        settle(page, before)
        assert moves_done(page) != before
        # The rest with the mouse (a tile, then one of its places).
        for _ in range(4):
            phase = settle(page)
            if phase != "you":
                break
            before = moves_done(page)
            view = page.evaluate("document.querySelector('[data-sniff-board]').boardController.view")
            tile = next((m["tile"] for m in view["actions"] if "tile" in m), None)
            if tile:
                page.locator(f".sniff-tile[data-tile='{tile}']").click()
                if page.locator(".join-hit").count():
                    page.locator(".join-hit").first.click()
            else:
                move_buttons(page).first.click()
            settle(page, before)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # A big layout keeps its size and pans inside the table, which fits the screen.
        assert page.locator(".sniff-play__table").bounding_box()["width"] <= 390


def test_the_selected_tiles_places_stay_in_the_window_not_under_the_sticky_header(browser, site_url):
    """At desktop width the table does not pan: when the page was scrolled so that the layout is under Material's
    sticky header (it grew, the visitor scrolled down to the hand), selecting a tile brings one of its lit places
    back into the window, below the header."""
    layout = quote("4|4;4|6 on 4|4 line-a;3|4 on 4|4 line-b", safe="")
    with board_page(browser, site_url + "/play/?sandbox=" + layout) as page:
        page.wait_for_selector(f"{BOARD}[data-play-phase=sandbox]", timeout=BOOT_TIMEOUT)
        # The table's bottom just above the header's bottom: every place of a tile hidden under the header.
        page.evaluate(
            """() => {
              const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
              const table = document.querySelector(".sniff-play__table").getBoundingClientRect();
              window.scrollBy({top: table.bottom - header + 4, behavior: "instant"});
            }"""
        )
        page.locator(".sniff-tile[data-tile='3|6']").click()  # two places: the 6 end and the 3 end
        page.wait_for_selector(".join-hit", state="attached")
        shown = page.evaluate(
            """() => {
              const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
              return [...document.querySelectorAll(".join-hit")].map((hit) => hit.getBoundingClientRect())
                .some((box) => box.top >= header && box.bottom <= window.innerHeight);
            }"""
        )
        assert shown, "every lit place is out of the window or under the sticky header"
