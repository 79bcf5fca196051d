"""Classic Sniff on the board, in Chromium: from the Variants page's "Play classic Sniff" to a whole hand
played through the buttons, with the lots, the fives in the hint, and the award on the score sheet."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.sniff.board.text import ui_text
from engine.sniff.record import game_record, replay
from tests.support import saves
from tests.test_board_game import BOARD, board_page, move_buttons, moves_done, settle, start

pytestmark = pytest.mark.browser

FIVES = re.compile(r"^In fives: (\d+) → (\d+) points?\.$")


def test_a_classic_hand_from_the_variants_page_to_the_award(browser, site_url):
    text = ui_text("en")
    rng = random.Random(13)
    with board_page(browser, site_url + "/variants/", players=2) as page:
        page.get_by_role("link", name="Play classic Sniff", exact=True).click()
        page.wait_for_url(re.compile(r"/play/\?rules=classic$"))
        page.wait_for_selector(BOARD)
        assert page.locator("select[name=rules]").input_value() == "classic"
        assert page.locator("[data-play-partners]").is_visible()
        start(page, "en")
        assert page.locator(".sniff-play__log li").first.inner_text().startswith("Lots for the lead: ")
        hint = page.get_by_role("button", name=text["hint"], exact=True)
        hint_open = False
        fives_seen = 0
        hands = 0
        phase = settle(page)
        while phase != "gameOver" and (hands < 1 or not fives_seen):
            before = moves_done(page)
            # Two tiles always stay in a two-player boneyard.
            assert int(page.locator("[data-play-boneyard]").get_attribute("data-play-boneyard")) >= 2
            # The hint appears with the first tile on the table, and stays open once opened.
            if not hint_open and hint.count():
                hint.click()
                hint_open = True
            fives = page.locator("[data-play-fives]")
            if fives.count():
                count, points = map(int, FIVES.match(fives.inner_text()).groups())
                assert count == 5 * points
                fives_seen += 1
            if phase == "handOver":
                record = saved_record(page)
                hand = record["hands"][-1]
                check_award_shown(page, record, hand)
                hands += 1
                page.get_by_role("button", name=text["nextHand"], exact=True).click()
            else:
                names = move_buttons(page).all_inner_texts()
                page.get_by_role("button", name=rng.choice(names), exact=True).click()
            phase = settle(page, before)
        assert hands >= 1 and fives_seen
        record = saved_record(page) if phase != "gameOver" else None
        with page.expect_download() as download:
            page.get_by_role("button", name=text["download"], exact=True).click()
        assert download.value.suggested_filename.startswith("classic-sniff-")
        downloaded = json.loads(download.value.path().read_text(encoding="utf-8"))
        assert downloaded["rules"] == "classic" and downloaded["target"] == 61
        assert "lots" in downloaded["hands"][0] and all("deductions" not in h for h in downloaded["hands"])
        assert game_record(replay(downloaded)) == downloaded
        if record is not None:
            # A game in progress downloads its finished hands only, without the seed that deals the next ones.
            assert downloaded["hands"] == [hand for hand in record["hands"] if hand["end"] is not None]
            assert "seed" not in downloaded


def saved_record(page) -> dict:
    """The whole game as the board's worker keeps it (its sealed save, which the page never receives)."""
    return saves.sealed(page, "sniff")["save"]


def check_award_shown(page, record: dict, hand: dict) -> None:
    """The end of the hand shows the award with its arithmetic, and the sheet adds it to the winner's side."""
    award = hand["award"]
    shown = page.locator("[data-play-award]").inner_text()
    if award is None:
        assert shown == "A tie for the fewest pips: nobody wins the award."
        return
    assert shown.startswith(f"Award to {'You' if award['seat'] == 0 else 'North'}: opponents' pips ")
    assert shown.endswith(f"{award['points']} point{'s' if award['points'] != 1 else ''}.") or "no points" in shown
    number = len(record["hands"])
    cell = page.locator(f".sniff-sheet tr[data-hand='{number}'] td[data-side='{award['seat']}']")
    entry = cell.locator("[data-award]")
    assert entry.get_attribute("data-award") == str(award["points"])
    assert re.search(r"award: -?\d+", entry.inner_text())
    assert cell.locator("[data-total]").get_attribute("data-total") == str(hand["scores"][award["seat"]])
