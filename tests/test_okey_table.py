"""The Okey table in Chromium: a visitor plays through the accessible buttons.

Runs against the built site (scripts/build_site), like tests/test_board_game.py. The
deal comes from a fixed seed: the visitor's stored game (the engine's save at the start
of round 1) is put in localStorage and taken up with "Continue the game"; the bots are
deterministic from the position, so the test computes each of the visitor's moves with
the engine in CPython (the greedy bot's choice, by the name of its button) and the round
goes as the engine says: seed 47 gives the visitor an opening, a taken discard, a
lay-off on an opponent's meld with its charge, a seize and a discard it cannot take. Bots move at "No pause".
Every page fails its test on a console error, a request that leaves 127.0.0.1 or a
Content-Security-Policy violation.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager

import pytest

from engine.board.session import handle
from engine.board.text import loader_text
from engine.core.games import GAMES
from engine.core.sessions import position_of
from engine.okey.board.errors import error_words
from engine.okey.board.page_text import ui_text
from engine.okey.board.text import Words
from engine.okey.board.view import action_json, game_view
from engine.okey.bots import GreedyBot
from engine.okey.game import Game
from engine.okey.record import game_record, replay
from engine.okey.rules import Options
from tests.support import browser as support
from tests.support import saves
from tests.support.browser import axe_problems, visitor_page
from tests.test_board_runtime import BOOT_TIMEOUT, locale_path

pytestmark = pytest.mark.browser

TABLE = "[data-okey-board]"
#: Round 1: the visitor opens, takes a discard, lays off on an opponent's meld, seizes an okey, meets a discard
#: it cannot take.
SEED = 47
#: With every seat played by the greedy bot, round 1 runs until the pile is out (51 turns): a test that hands the
#: visitor's turns to bots for a while cannot end the game under it.
LONG_ROUND_SEED = 12


def stored(settings: dict, game: dict | None = None) -> str:
    return json.dumps({"version": 1, "settings": settings, "game": game})


@contextmanager
def table_page(browser, url: str, store: str | None, width: int = 1100, clock: bool = False):
    """A visitor with ``store`` in localStorage (once: a reload keeps what the page saved), on ``url``; ``clock``:
    on Playwright's clock (``visitor_page``)."""
    seed = (
        f"if (!localStorage.getItem('seeded')) {{ localStorage.setItem('okey-table', {json.dumps(store)});"
        " localStorage.setItem('seeded', '1'); }"
    )
    scripts = [saves.WATCH_WORKER] + ([] if store is None else [seed])
    with visitor_page(browser, url, init_scripts=scripts, width=width, clock=clock) as page:
        yield page


def settle(page, before: str | None = None) -> str:
    """Wait until it is the player's turn, or a round or the game is over, after ``before``; the new phase."""
    return support.settle(page, TABLE, "okey", ("you", "roundOver", "gameOver"), before)


def moves_done(page) -> str:
    return page.locator(TABLE).get_attribute("data-okey-moves")


def saved(page) -> dict:
    """The game as the worker keeps it, sealed: {save, meta}."""
    return saves.sealed(page, "okey")


def refusal(lang: str, text: str) -> str:
    """The table's words for a file the engine refuses to replay, as the page words them from the catalogs."""
    error = json.loads(handle("okey.replay_open", json.dumps({"text": text, "lang": lang})))["error"]
    params = {name: value for name, value in error["params"].items() if value is not None}
    templates = error_words(lang)[error["code"]]
    for template in [templates] if isinstance(templates, str) else templates:
        if all(name in params for name in re.findall(r"\{(\w+)\}", template)):
            return ui_text(lang)["badRecord"].format(reason=template.format(**params))
    raise AssertionError(error)


def load_broken_record(page, tmp_path, record: dict, lang: str) -> None:
    """A record with a move the rules refuse: the table says why, in the page's language."""
    broken = json.loads(json.dumps(record))
    events = broken["rounds"][0]["events"]
    events[1] = {"seat": events[1]["seat"], "discard": "FJ"} if "draw" not in events[1] else {"seat": 3, "draw": True}
    text = json.dumps(broken)
    path = tmp_path / f"broken-{lang}.json"
    path.write_text(text, encoding="utf-8")
    page.locator("#okey-play-file").set_input_files(str(path))
    expected = refusal(lang, text)
    page.wait_for_selector(f"[data-okey-message]:text-is({json.dumps(expected, ensure_ascii=False)})")
    assert expected != refusal("en", text), "in the page's language"


def start_save(mode: str, rounds: int, seed: int = SEED) -> dict:
    game = Game(Options(mode=mode, rounds=rounds), seed=seed, auto_deal=False)
    game.begin_round(game.planned_deal())
    return game_record(game)


def greedy_move(save: dict | Game, lang: str, mode: str) -> tuple[str, dict]:
    """The name of the button of the greedy bot's move for the visitor, and the move, in the saved game (or the game
    replayed from it)."""
    game = save if isinstance(save, Game) else replay(save)
    action = GreedyBot().choose(game.view(0))
    move = action_json(action, game.round, Words(lang, mode))
    return move["label"], move


def low_meld(rack: list[str]) -> list[str] | None:
    """Three tiles of the rack that make a run worth less than 51 (no okey)."""
    for tile in rack:
        if tile == "FJ":
            continue
        colour, number = tile[0], int(tile[1:])
        run = [f"{colour}{n}" for n in (number, number + 1, number + 2)]
        if number + 2 <= 13 and all(t in rack for t in run):
            return run
    return None


def click_tile(page, tile: str, keyboard: bool = False) -> None:
    """Select ``tile`` in the rack: a click, or (``keyboard``) Space on the focused tile."""
    press(page, page.locator(f'.okey-rack__tile[data-okey-tile="{tile}"][aria-pressed="false"]').first, keyboard)


def press(page, target, keyboard: bool = False) -> None:
    """Activate a button: a click, or (``keyboard``) focus it and press Enter or Space as a keyboard player does."""
    if keyboard:
        target.focus()
        page.keyboard.press("Space" if "okey-rack__tile" in (target.get_attribute("class") or "") else "Enter")
    else:
        target.click()


#: A tile in the notation (R7, *B8, FJ): never on the table's buttons, labels or log, which name tiles in words.
CODE = re.compile(r"(?<![\w*])\*?(?:[RBKY](?:1[0-3]|[1-9])|FJ)(?!\w)")


def letter_codes(page) -> list[str]:
    """Every text of the table a visitor reads or hears (buttons, labels, the log) that holds a tile's code."""
    texts = page.locator(TABLE).evaluate(
        """(root) => [...root.querySelectorAll(`.okey-play button, .okey-play [aria-label], .okey-sr,
             .okey-play__log li, .okey-play__selection, [data-okey-message], .okey-play__moves`)]
             .flatMap((e) => [e.textContent, e.getAttribute('aria-label') || ''])"""
    )
    return [text for text in texts if CODE.search(text)]


def phone_layout(page, width: int) -> None:
    """At a phone's width: no sideways scrolling of the page, and with the table's top under the header, the table
    and the move buttons are on the screen together."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.evaluate(
        """() => { const header = document.querySelector('.md-header').getBoundingClientRect().height;
          const felt = document.querySelector('[data-okey-felt]');
          window.scrollBy(0, felt.getBoundingClientRect().top - header);
          const f = felt.getBoundingClientRect();
          const moves = [...document.querySelectorAll('.okey-play__moves button')]
            .map((b) => b.getBoundingClientRect());
          const low = Math.max(...moves.map((m) => m.bottom));
          return {header, top: f.top, bottom: f.bottom, moves: low, screen: innerHeight}; }"""
    )
    assert box["top"] >= box["header"] - 1 and box["moves"] <= box["screen"], box


CASES = [
    # lang, mode, assisted, rounds, width, csp, keyboard
    ("en", "solo", True, 1, 390, True, False),
    ("id", "pairs", False, 3, 1100, False, False),
    ("fi", "solo", False, 1, 390, False, True),
]


@pytest.mark.parametrize(("lang", "mode", "assisted", "rounds", "width", "csp", "keyboard"), CASES)
def test_a_visitor_plays_a_round_through_the_buttons(
    browser, site_url, csp_url, tmp_path, lang, mode, assisted, rounds, width, csp, keyboard
):
    text = ui_text(lang)
    words = Words(lang, mode)
    settings = {"mode": mode, "bots": "greedy", "rounds": rounds, "assisted": assisted, "pace": "instant"}
    game = {"save": start_save(mode, rounds), "bots": "greedy", "assisted": assisted, "order": []}
    url = (csp_url if csp else site_url) + locale_path(lang, "okey-play/")
    with table_page(browser, url, stored(settings, game), width=width) as page:
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector(f"{TABLE}[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
        phase = settle(page)
        support.watch_announcements(page, "okey")
        refused_low = refused_take = checked_axe = checked_hidden = checked_phone = moved_row = False
        kinds_played = set()
        while phase == "you":
            before = moves_done(page)
            save = saved(page)["save"]
            if not checked_hidden and len(save["rounds"][0]["events"]) > 12:
                # Every message the page received so far, and every stored value: nothing of the hidden game.
                state = replay(save).round
                hidden = {seat: [t.notation() for t in state.rack(seat)] for seat in range(4)}
                saves.check_nothing_hidden(page, save, "rounds", hidden)
                checked_hidden = True
            played = replay(save)  # (the engine's replay of the whole save, once a move: the views read it alone)
            label, move = greedy_move(played, lang, mode)
            state = played.round
            view = game_view(position_of(GAMES["okey"], played), lang, assisted=assisted)
            view_rack = support.okey_rack(page)
            assert sorted(view_rack) == sorted(t.notation() for t in state.rack(0))
            # The rack is two rows, as on a real rack.
            rows = page.locator(".okey-rack__row").evaluate_all("(rs) => rs.map((r) => r.children.length)")
            assert len(rows) == 2 and sum(rows) == len(view_rack) and rows[0] - rows[1] in (0, 1)
            if lang != "en":
                assert letter_codes(page) == []
            marked = page.locator(".okey-rack__tile:has(.okey-penalty-mark)").evaluate_all(
                "(ts) => ts.map((t) => t.dataset.okeyTile)"
            )
            assert sorted(set(marked)) == (sorted(view["penalty"]) if assisted else [])
            if not assisted:
                # The unassisted table arranges nothing and plays nothing in one tap.
                assert page.locator("[data-key=arrange-best], [data-key=arrange-pairs], .okey-move--tap").count() == 0
                assert page.locator(".okey-move[data-okey-kind=melds], .okey-move[data-okey-kind=pairs]").count() == 0
            if width < 500 and not checked_phone:
                phone_layout(page, width)
                checked_phone = True
            if keyboard and not moved_row and len(view_rack) > 2:
                # Alt+Down puts the focused tile in the other row; Alt+Up brings it back.
                first = page.locator(".okey-rack__tile").first
                first.focus()
                page.keyboard.press("Alt+ArrowDown")
                below = page.locator(".okey-rack__row").nth(1).locator(".okey-rack__tile").first
                assert below.get_attribute("data-okey-tile") == view_rack[0]
                assert page.evaluate("document.activeElement.dataset.okeyTile") == view_rack[0]
                page.keyboard.press("Alt+ArrowUp")
                assert page.locator(".okey-rack__tile").first.get_attribute("data-okey-tile") == view_rack[0]
                moved_row = True
            if not refused_low and state.opened[0] is None and state.phase == "play":
                three = low_meld(view_rack)
                if three:
                    # An opening below the threshold is checked before it is sent, and refused with what is missing.
                    drawn = ".okey-rack__tile, .okey-play__log ol"
                    page.evaluate(
                        "(drawn) => document.querySelectorAll(drawn).forEach((e) => (e.drawnBefore = 1))", drawn
                    )
                    for tile in three:
                        click_tile(page, tile, keyboard)
                    total = sum(int(t[1:]) for t in three)
                    check = words.check_total(total, state.threshold())
                    page.wait_for_selector(f"[data-okey-check]:text-is({json.dumps(check, ensure_ascii=False)})")
                    # Each tap drew the board again in place: the rack's tiles and the log are the elements they were
                    # (a drag, a focus or a scroll in progress goes on).
                    assert page.evaluate(
                        "(drawn) => [...document.querySelectorAll(drawn)].every((e) => e.drawnBefore)", drawn
                    )
                    press(page, page.get_by_role("button", name=text["layMelds"], exact=True), keyboard)
                    page.wait_for_selector(f"[data-okey-message]:text-is({json.dumps(check, ensure_ascii=False)})")
                    assert moves_done(page) == before, "nothing was sent"
                    # Said beside the moves, where the visitor is looking, not at the top of the board.
                    assert page.locator("[data-board-message-slot] [data-okey-message]").count() == 1
                    press(page, page.get_by_role("button", name=text["clearSelection"], exact=True), keyboard)
                    refused_low = True
            if not refused_take and state.phase == "draw" and state.last_discard and not state.can_take():
                # Taking a discard the visitor cannot use: the engine refuses it and the table says why.
                tile = state.last_discard[1].notation()
                reason = words.take_refused(tile)
                assert page.locator("#okey-take-why").inner_text() == reason
                page.get_by_role("button", name=words.take_label(tile), exact=True).click()
                page.wait_for_selector(f"[data-okey-message]:text-is({json.dumps(reason, ensure_ascii=False)})")
                assert page.locator("[data-board-message-slot] [data-okey-message]").count() == 1
                assert moves_done(page) == before
                refused_take = True
            if not checked_axe and not csp and state.opened[0] is not None:
                assert axe_problems(page, TABLE) == []
                # And in the dark palette.
                page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
                assert axe_problems(page, TABLE) == []
                page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
                checked_axe = True
            kind = move["kind"]
            kinds_played.add(kind)
            if kind in ("melds", "pairs") and (lang != "en" or not assisted):
                # Lay down through the selection: the tiles, then "lay down as melds" (or pairs).
                for tile in move["tiles"]:
                    click_tile(page, tile, keyboard)
                name = text["layMelds"] if kind == "melds" else text["layPairs"]
                press(page, page.get_by_role("button", name=name, exact=True), keyboard)
            elif kind == "layoff" and not assisted:
                # Lay off by selection: the tile, then the meld, which is a button while the tile fits it.
                assert page.locator("[data-okey-target]").count() == 0
                click_tile(page, move["tile"], keyboard)
                target = page.locator(f'[data-okey-target="{move["to"]}"]')
                assert target.get_attribute("aria-label").endswith(view["table"][move["to"]]["meldText"])
                press(page, target, keyboard)
            elif kind == "discard":
                # A discard is the selected tile's: select it, then its button (marked "!" when a penalty tile).
                click_tile(page, move["tile"], keyboard)
                button = page.locator(".okey-move--discard")
                assert button.count() == 1 and label in button.inner_text()
                penalty = assisted and move["tile"] in view["penalty"]
                assert button.locator(".okey-penalty-mark").count() == (1 if penalty else 0)
                press(page, button, keyboard)
            else:
                press(page, page.get_by_role("button", name=label, exact=True), keyboard)
            phase = settle(page, before)
        assert refused_low and refused_take and checked_hidden
        assert {"melds", "layoff", "discard"} <= kinds_played
        assert checked_phone or width > 500

        with page.expect_download() as download:
            page.get_by_role("button", name=text["download"], exact=True).click()
        record = json.loads(download.value.path().read_text(encoding="utf-8"))
        replay(record)  # every event, charge and settlement checks out
        first = record["rounds"][0]
        events = [e for e in first["events"] if e["seat"] == 0]
        assert any("meld" in e and "opening" in e for e in events), "the visitor opened"
        assert any("take" in e for e in events), "the visitor took a discard"
        assert any("seize" in e for e in events), "the visitor seized an okey"
        layoffs = [e for e in events if "layoff" in e and "charge" in e]
        assert layoffs, "the visitor laid off on an opponent's meld"
        log = page.locator(".okey-play__log li").all_inner_texts()
        charge = layoffs[0]["charge"]
        charged = words.charged(charge["seat"], charge["points"], "layoff")
        assert charged in log
        announced = " ".join(page.evaluate("window.announced"))
        assert charged in announced and words.seat(1) in announced, "the charges and the bots' moves are announced"
        # The table fits the width of the window (390 px: the rack wraps), with no sideways scrolling.
        assert page.evaluate("document.documentElement.scrollWidth") <= width

        # The settlement on screen is the record's.
        rows = page.locator("[data-okey-settlement] tbody tr").evaluate_all(
            "(rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => Number(c.textContent)))"
        )
        charges = [s - e for s, e in zip(first["scores"], first["settlement"], strict=True)]
        assert rows == [
            list(r) for r in zip(charges, first["settlement"], first["scores"], first["totals"], strict=True)
        ]
        assert page.locator(".okey-play__racks li").count() == 4
        if mode == "pairs":
            # The partnerships' sums, which decide the winner, beside the seats' totals.
            sides = page.locator("[data-okey-sides] tbody tr").evaluate_all(
                "(rows) => rows.map((r) => [r.querySelector('th').textContent,"
                " Number(r.querySelector('td').textContent)])"
            )
            totals = first["totals"]
            assert sides == [
                [words.seat_list([0, 2]), totals[0] + totals[2]],
                [words.seat_list([1, 3]), totals[1] + totals[3]],
            ]
        if not csp:
            assert axe_problems(page, TABLE) == []
        if rounds > 1:
            assert phase == "roundOver" and "seed" not in record and len(record["rounds"]) == 1
            before = moves_done(page)
            page.get_by_role("button", name=text["nextRound"], exact=True).click()
            settle(page, before)
            assert (
                page.locator(".okey-play__log li")
                .first.inner_text()
                .startswith(words.round_start(2, 1, "R5", "R6").split(":")[0])
            )
        else:
            assert phase == "gameOver"
            finished = replay(record)
            best = finished.totals[finished.winner[0]]
            if mode == "pairs":
                best += finished.totals[(finished.winner[0] + 2) % 4]
            assert page.locator("[data-okey-winner]").inner_text() == words.winners(finished.winner, best)
            assert page.locator(".okey-play .board-chart polyline").count() == 4
            assert page.locator(".okey-play .board-chart .board-chart__axis").count() == 2, "the chart has its axes"
            assert saved(page) is None, "a finished game is not kept"
            assert json.loads(page.evaluate("localStorage.getItem('okey-table')"))["game"] is None

        if lang != "en":
            load_broken_record(page, tmp_path, record, lang)
        # The record replays move by move.
        path = tmp_path / "okey.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        page.locator("#okey-play-file").set_input_files(str(path))
        page.wait_for_selector(f"{TABLE}[data-okey-phase=replay]")
        step = page.locator("[data-okey-step]")
        assert step.get_attribute("data-okey-step") == "0"
        page.get_by_role("button", name=text["next"], exact=True).click()
        page.wait_for_selector('[data-okey-step="1"]')
        # A replayed round shows every rack (the record's are all revealed) and never says "Your turn".
        assert page.locator("[data-okey-revealed]").count() >= 3
        yours = {words.turn(0, "draw", None), words.turn(0, "play", None)}
        assert page.locator("[data-okey-turn]").inner_text() not in yours
        page.get_by_role("button", name=text["last"], exact=True).click()
        page.wait_for_function("() => document.querySelector('[data-okey-step]').dataset.okeyStep !== '1'")
        assert page.locator("[data-okey-settlement]").count() == 1
        if rounds == 1:
            # Closing the replay after a finished game shows that game again: no new deal behind the visitor's back.
            page.get_by_role("button", name=text["closeReplay"], exact=True).click()
            page.wait_for_selector(f"{TABLE}[data-okey-phase=gameOver]")
            assert page.locator("[data-okey-winner]").is_visible()


def play_a_move(page) -> None:
    """The visitor's first move on offer, once it is their turn; then until it is their turn again. A round the
    bots ended meanwhile (a bot went out, or the pile ran dry) is followed by the next one first."""
    before = settle(page)
    if before == "roundOver":
        moves = moves_done(page)
        page.locator("button[data-key=next-round]").click()
        before = settle(page, moves)
    assert before == "you"
    moves = moves_done(page)
    if not page.locator(".okey-move").count():
        page.locator(".okey-rack__tile").first.click()  # a discard is the selected tile's
    page.locator(".okey-move").first.click()
    settle(page, moves)


def played_record(seed: int) -> dict:
    """A whole round played by greedy bots in every seat."""
    game = Game(Options(), seed=seed)
    while not game.is_terminal():
        game.apply_action(GreedyBot().choose(game.view(game.current_player)))
    return game_record(game)


def refuse_unreadable_records(page, tmp_path, lang: str) -> None:
    """The page reads an uploaded record's bytes as the command line does (engine/core/record.py read_text): a
    byte-order mark is kept for the engine to refuse, and bytes that are not UTF-8 are refused before the engine;
    each in the page's words, from the catalogs, and the game in progress goes on."""
    text = json.dumps(played_record(SEED))
    bom, latin = tmp_path / "bom.json", tmp_path / "latin-1.json"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode())
    latin.write_bytes((text[:-1] + ', "paikka": "Café Ystävä"}').encode("latin-1"))
    refusals = {
        bom: ui_text(lang)["badRecord"].format(reason=error_words(lang)["record-bom"]),
        latin: ui_text(lang)["badRecord"].format(reason=error_words(lang)["record-not-text"]),
    }
    # The engine's own refusal of the mark, the command line's and the board's alike.
    assert refusal(lang, "\ufeff" + text) == refusals[bom]
    phase = page.locator(TABLE).get_attribute("data-okey-phase")
    for path, expected in refusals.items():
        page.locator("#okey-play-file").set_input_files(str(path))
        page.wait_for_selector(f"[data-okey-message]:text-is({json.dumps(expected, ensure_ascii=False)})")
        assert page.locator(TABLE).get_attribute("data-okey-phase") == phase, "the game goes on"


def test_a_reload_resumes_the_game_and_its_timer_a_hidden_tab_keeps_its_seat_only_the_timer_hands_it_to_a_bot(
    browser, csp_url, tmp_path
):
    # (Served with the Content-Security-Policy a deployment sends, as the records the page cannot read need.)
    lang = "fi"
    text = ui_text(lang)
    words = Words(lang)
    settings = {"mode": "solo", "bots": "greedy", "pace": "instant", "timer": 0}
    # A known deal, and the greedy bot's moves for the visitor too (as the bots that stand in for them play): the
    # whole game is known, and lasts longer than the test.
    game = {"save": start_save("solo", 1, LONG_ROUND_SEED), "bots": "greedy", "assisted": True, "order": []}
    # (On Playwright's clock from the start, which runs on as the real one until the hidden tab below runs it on.)
    url = csp_url + locale_path(lang, "okey-play/")
    with table_page(browser, url, stored(settings, game), clock=True) as page:
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector(f"{TABLE}[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
        settle(page)
        # The save of the release before, in localStorage, was handed to the worker once, and is gone from there.
        assert json.loads(page.evaluate("localStorage.getItem('okey-table')"))["game"] is None
        # A record with a byte-order mark, or not in UTF-8: refused in Finnish, and the game goes on.
        refuse_unreadable_records(page, tmp_path, lang)
        before = moves_done(page)
        label, move = greedy_move(saved(page)["save"], lang, "solo")
        if move["kind"] == "discard":
            click_tile(page, move["tile"])  # a discard is the selected tile's
        page.get_by_role("button", name=label, exact=True).click()
        settle(page, before)
        shown = {
            "turn": page.locator("[data-okey-turn]").inner_text(),
            "rack": support.okey_rack(page),
            "log": page.locator(".okey-play__log li").all_inner_texts(),
        }
        # Keys pressed in the table never reach Material's shortcuts ("s" and "/" open the search).
        page.locator(".okey-rack__tile").first.focus()
        page.keyboard.press("s")
        page.keyboard.press("/")
        assert page.evaluate("document.querySelector('#__search')?.checked ?? false") is False
        # Alt + arrow moves the focused tile in the rack.
        first = shown["rack"][0]
        page.keyboard.press("Alt+ArrowRight")
        page.wait_for_function(
            "(tile) => document.querySelectorAll('.okey-rack__tile')[1].dataset.okeyTile === tile", arg=first
        )
        moved = support.okey_rack(page)
        # The move timer's deadline is sealed with the save, beside the rack's order.
        page.locator("select[name=timer]").select_option("60")
        kept = saves.wait_sealed(page, "okey", lambda v: v["meta"].get("deadline") and v["meta"]["order"] == moved)
        assert kept["meta"]["order"] == moved and kept["meta"]["deadline"]["seconds"] == 60
        deadline = kept["meta"]["deadline"]["at"]
        # Five seconds of the timer gone before the reload: a timer given its full time again (60) and one going on to
        # its deadline (at most 56, shown a second late) cannot look alike, however fast the board starts again.
        page.wait_for_function("(deadline) => deadline - Date.now() <= 55000", arg=deadline, timeout=15_000)

        page.reload()
        # The game goes on at once (issue 37); a setting changed meanwhile keeps it.
        page.locator("select[name=rounds]").select_option("3")
        page.wait_for_selector(f"{TABLE}[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
        assert page.get_by_role("button", name=text["continue"], exact=True).count() == 0
        settle(page)
        assert page.locator("[data-okey-turn]").inner_text() == shown["turn"]
        assert page.locator(".okey-play__log li").all_inner_texts() == shown["log"]
        assert support.okey_rack(page) == moved
        # A reload does not give the timer its full time again: it goes on to the deadline it had.
        page.wait_for_selector("[data-okey-timer]:not([hidden])")
        left, now = page.evaluate(
            "() => [Number(document.querySelector('[data-okey-timer]').textContent.match(/\\d+/)[0]), Date.now()]"
        )
        assert left <= -(-(deadline - now) // 1000) + 1 and left < 58, (left, deadline - now)

        # A hidden tab keeps the visitor's seat: with the timer off, no bot plays for them, however long they stay.
        page.locator("select[name=timer]").select_option("0")
        page.wait_for_selector("[data-okey-timer][hidden]", state="attached")
        before = moves_done(page)
        page.evaluate(
            """() => { Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
                       Object.defineProperty(document, "hidden", {value: true, configurable: true});
                       document.dispatchEvent(new Event("visibilitychange")); }"""
        )
        # Two minutes of the page's time (its clock run on: every timer of the page fires as it would), then a moment
        # of real time for a call to the worker that anything started.
        page.clock.run_for(120_000)
        page.wait_for_timeout(500)
        assert moves_done(page) == before and page.locator(TABLE).get_attribute("data-okey-phase") == "you"
        assert page.locator(TABLE).get_attribute("data-okey-busy") == "false"
        assert page.locator("[data-okey-message]").is_hidden(), "nothing was played for the visitor"

        # The move timer, still hidden: when it runs out, a bot plays the visitor's turn, says so, and the log too.
        page.locator("select[name=timer]").select_option("15")
        page.wait_for_selector("[data-okey-timer]:not([hidden])")
        page.clock.fast_forward(16_000)
        settle(page, before)
        assert page.locator("[data-okey-message]").inner_text() == words.timed_out()
        log = page.locator(".okey-play__log li").all_inner_texts()
        after = log[len(shown["log"]) :]
        assert words.timed_out() in after, "the log says a bot played the visitor's turn"
        # After the bot's move for the visitor, the log says which tile the visitor's seat discarded.
        discarded = re.compile(re.escape(words.discarded(0, "R5")).replace(re.escape(words.tile("R5")), ".+"))
        assert any(discarded.fullmatch(line) for line in after[after.index(words.timed_out()) :])

        # A worker that dies while the table is playing: the table restarts it, says so, and goes on from its save.
        page.locator("select[name=timer]").select_option("0")  # (no timer runs out while the worker restarts)
        moves = int(moves_done(page))
        page.evaluate(
            """() => document.querySelector("[data-okey-board]").boardLoader.runtime.worker
                 .dispatchEvent(new ErrorEvent("error", {message: "out of memory"}))"""
        )
        page.wait_for_selector(f"{TABLE}[data-state=ready][data-restarts='1']", timeout=BOOT_TIMEOUT)
        page.wait_for_function(
            "(text) => document.querySelector('[data-okey-message]').textContent === text", arg=text["restarted"]
        )
        assert int(moves_done(page)) >= moves
        assert page.locator(TABLE).get_attribute("data-okey-phase") in ("you", "bot", "roundOver")

        # A record the engine refuses: the reason, in Finnish, from the catalogs.
        load_broken_record(page, tmp_path, played_record(5), lang)

        # A new game in the middle of one is asked to be confirmed; it deals a new game with the settings of now
        # (3 rounds), and its save replaces the old one.
        page.get_by_role("button", name=text["newGame"], exact=True).click()
        page.get_by_role("button", name=text["confirmYes"], exact=True).click()
        fresh = saves.wait_sealed(page, "okey", lambda v: v and v["save"]["seed"] != game["save"]["seed"])["save"]
        settle(page)
        assert fresh["options"]["rounds"] == 3 and len(fresh["rounds"]) == 1
        assert page.locator(".okey-rack__tile").count() == len(replay(saved(page)["save"]).round.rack(0))

        # A second tab (in Indonesian) is not offered this tab's game: each tab keeps its own.
        mine = saved(page)
        other = page.context.new_page()
        other.goto(csp_url + locale_path("id", "okey-play/"))
        words_id, start_id = ui_text("id"), loader_text("id")["start"]
        other.get_by_role("button", name=start_id, exact=True).wait_for()
        other.wait_for_function("navigator.locks.query().then(({held}) => held.length > 0)")
        other.wait_for_timeout(300)
        assert other.get_by_role("button", name=words_id["continue"]).count() == 0
        other.get_by_role("button", name=start_id, exact=True).click()
        other.wait_for_selector(f"{TABLE}[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
        other.wait_for_selector("[data-board-saved=true]")
        assert other.evaluate("sessionStorage.getItem('okey-board:saves')") != saves.slot(page, "okey")
        # Storage full, in the worker's IndexedDB (as the browser refuses a write) or in localStorage: the table says
        # the game is NOT saved, and offers the record download; once there is room again, the next save says so.
        full = (
            "() => { {target}.prototype.{method} = () => { throw new DOMException('full', 'QuotaExceededError'); }; }"
        )
        for where, target, method in ((other.workers[-1], "IDBObjectStore", "put"), (other, "Storage", "setItem")):
            original = where.evaluate(f"() => {{ self.kept = {target}.prototype.{method}; }}")
            where.evaluate(full.replace("{target}", target).replace("{method}", method))
            assert original is None
            play_a_move(other)
            other.wait_for_selector("[data-board-saved=false]")
            assert other.locator("[data-board-saved=false]").inner_text() == words_id["notSaved"]
            assert other.get_by_role("button", name=words_id["download"], exact=True).is_visible()
            where.evaluate(f"() => {{ {target}.prototype.{method} = self.kept; }}")
            play_a_move(other)
            other.wait_for_selector("[data-board-saved=true]")
            assert other.locator("[data-board-saved=true]").inner_text() == words_id["saved"]
        load_broken_record(other, tmp_path, played_record(5), "id")
        other.close()
        assert saved(page) == mine, "the other tab's game never touched this tab's"
