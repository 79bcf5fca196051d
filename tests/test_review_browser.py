""" "Review my moves" in Chromium, at the end of a Sniff hand and an Okey round with known mistakes.

Each board takes up a stored game (the save of the release before, handed over once by "Continue the game") that
stands where a hand or round has just ended: the Sniff hand of tests/sniff/test_review.py (seed 4: seat 0 places [0|1]
for nothing where [3|4] on [4|4] line B made 15) and the Okey round of tests/okey/test_review.py (seed 17: seat 0
waits to open and discards a penalty tile). The visitor opens the review with the keyboard and walks through every
remark; each is checked against the engine's own review of the same record in CPython (the page's worker runs the
same engine in Pyodide), and the known mistakes against their numbers. Axe in both palettes, at 390 px, under the
site's Content-Security-Policy. One Pyodide boot per game.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from urllib.parse import parse_qs, urlsplit

import pytest

from engine.board.replays import record_at
from engine.board.session import handle
from engine.core.games import GAMES
from engine.okey.rules import PENALTY
from engine.sniff.record import game_record
from tests.okey.test_review import played  # noqa: F401 - the scripted Okey round (a fixture)
from tests.sniff.test_review import FIFTEEN, MISTAKE, scripted_game
from tests.support.browser import AXE_PATH, axe_problems, visitor_page
from tests.test_board_runtime import BOOT_TIMEOUT

pytestmark = pytest.mark.browser

REVIEW = "[data-review]"
WIDTH = 390


@contextmanager
def phone_page(browser, url: str, path: str, store: dict[str, object]):
    """A visitor at 390 px with ``store`` in localStorage before the page's first script (once)."""
    items = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});" for k, v in store.items())
    seed = f"if (!sessionStorage.getItem('seeded')) {{ {items} sessionStorage.setItem('seeded', '1'); }}"
    # axe comes from the test server itself (tests.support.server AXE_PATH), from the site's own origin.
    with visitor_page(browser, url + path, init_scripts=[seed], width=WIDTH, height=844) as page:
        yield page


def expected_review(game: str, record: dict) -> dict:
    reply = json.loads(handle(f"{game}.review", json.dumps({"record": record, "seat": 0, "lang": "en"})))
    return reply["result"]


def practice_query(href: str) -> dict:
    return {name: values[0] for name, values in parse_qs(urlsplit(href).query).items()}


def expected_query(link: dict) -> dict:
    query = {"kind": link["kind"], "seed": str(link["seed"])}
    if link.get("rules") == "classic":
        query["rules"] = "classic"
    return query


def walk(page, review: dict, words: dict) -> list[dict]:
    """Open the review with the keyboard and read every remark as shown, pressing Next (Enter) between them."""
    opener = page.get_by_role("button", name=words["open"], exact=True)
    opener.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{REVIEW}[data-review=open]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.activeElement.classList.contains('board-review__title')"), "focus on the title"
    assert page.locator(f"{REVIEW} h3").inner_text() == words["title"]
    remarks = review["remarks"]
    live = page.locator("[data-review-remark]")
    assert live.get_attribute("aria-live") == "polite"
    shown = []
    for index in range(len(remarks)):
        page.wait_for_selector(f"[data-review-remark][data-review-index='{index}']")
        count = words["count"].format(number=index + 1, count=len(remarks))
        assert page.locator("[data-review-count]").inner_text() == count
        shown.append(
            {
                "heading": live.locator("h4").inner_text(),
                "text": live.locator("[data-review-text]").inner_text(),
                "estimate": live.locator("[data-review-estimate]").count() == 1,
                "svg": live.locator("figure svg").count() == 1,
                "last": live.locator("figure svg .tile.last").count(),
                "practice": practice_query(live.get_by_role("link", name=words["practise"]).get_attribute("href")),
            }
        )
        if index + 1 < len(remarks):
            if index == 0:
                page.get_by_role("button", name=words["next"], exact=True).focus()
            page.keyboard.press("Enter")
    # At the last remark Next leads nowhere: the focus went to Previous, which goes back.
    if len(remarks) > 1:
        assert page.evaluate("document.activeElement.dataset.key") == "review-previous"
    for remark, seen in zip(remarks, shown, strict=True):
        assert seen["heading"] == remark["heading"]
        assert seen["text"] == remark["text"]
        assert seen["estimate"] == remark.get("is_estimate", False)
        assert seen["svg"] == bool(remark["svg"])
        assert seen["practice"] == expected_query(remark["practice"])
    # The drill: the worst three (of those that cost something), as links in the game's order.
    drill = page.locator("[data-review-drill] li a")
    costly = sum(remark["severity"] > 0 for remark in remarks)
    assert drill.count() == len(review["drill"]) == min(3, costly) > 0
    for item, index in zip(drill.all(), review["drill"], strict=True):
        assert item.inner_text() == remarks[index]["heading"]
        assert practice_query(item.get_attribute("href")) == expected_query(remarks[index]["practice"])
    return shown


def accessible_in_both_palettes(page, url: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert axe_problems(page, REVIEW, source=url + AXE_PATH) == []
    page.locator("[data-md-component=palette] label:not([hidden])").click()
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    assert axe_problems(page, REVIEW, rules=("color-contrast", "link-in-text-block")) == []


def test_the_review_of_a_sniff_hand_names_the_missed_fifteen(browser, csp_url, tmp_path):
    from engine.sniff.board.text import ui_text

    text = ui_text("en")
    words = text["review"]
    whole = game_record(scripted_game())
    save = record_at(GAMES["sniff"], whole, (0, len(whole["hands"][0]["events"])))  # the first hand just ended
    store = {
        "sniff-board:settings": {"version": 1, "players": 2, "bots": "greedy", "pace": "instant"},
        "sniff-board:game": {"save": save, "bots": "greedy"},
    }
    with phone_page(browser, csp_url, "/play/", store) as page:
        assert page.locator(REVIEW).count() == 0
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector("[data-sniff-board][data-play-phase=handOver]", timeout=BOOT_TIMEOUT)
        record = page.evaluate("document.querySelector('[data-sniff-board]').boardController.view.record")
        assert len(record["hands"]) == 1 and record["hands"][0]["end"] is not None
        review = expected_review("sniff", record)
        shown = walk(page, review, words)

        (missed,) = [i for i, r in enumerate(review["remarks"]) if r.get("played") == MISTAKE[1]]
        remark = review["remarks"][missed]
        assert (remark["points"], remark["best"], remark["better"]) == (0, 15, FIFTEEN)
        assert remark["heading"] == f"Hand 1, move {MISTAKE[0] + 1}"
        assert shown[missed]["text"] == (
            "[0|1] on [0|6] low end scored nothing, but [3|4] on [4|4] line B would have scored 15 points: "
            "count the open ends before you place."
        )
        assert shown[missed]["svg"] and shown[missed]["last"] == 1, "the layout, with the better placement marked"
        assert shown[missed]["practice"]["kind"] == "counted"
        assert missed in review["drill"], "a missed 15 is among the worst three"
        estimates = [i for i, r in enumerate(review["remarks"]) if r["kind"] == "best"]
        assert estimates and all(shown[i]["estimate"] for i in estimates), "the whole-hand estimate says it is one"
        assert all("estimate" in shown[i]["text"] for i in estimates)
        accessible_in_both_palettes(page, csp_url)
        # Closing gives the focus back to the button that opens it; the next hand takes the review away.
        page.get_by_role("button", name=words["close"], exact=True).click()
        assert page.evaluate("document.activeElement.dataset.key") == "review-open"
        page.get_by_role("button", name=text["nextHand"], exact=True).click()
        page.wait_for_selector("[data-sniff-board][data-play-phase=you], [data-sniff-board][data-play-phase=bot]")
        assert page.locator(REVIEW).count() == 0, "never during a hand"
        # A loaded record is reviewed too: its finished hands (the second hand, only dealt, is left out).
        path = tmp_path / "sniff.json"
        path.write_text(json.dumps(whole), encoding="utf-8")
        page.locator("#sniff-play-file").set_input_files(str(path))
        page.wait_for_selector("[data-sniff-board][data-play-phase=replay]")
        page.get_by_role("button", name=words["open"], exact=True).click()
        page.wait_for_selector(f"{REVIEW}[data-review=open]", timeout=BOOT_TIMEOUT)
        count = len(expected_review("sniff", whole)["remarks"])
        assert count == len(review["remarks"])
        assert page.locator("[data-review-count]").inner_text() == words["count"].format(number=1, count=count)


def test_the_review_of_an_okey_round_names_the_penalty_discard(browser, csp_url, played):  # noqa: F811
    from engine.okey.board.page_text import ui_text

    text = ui_text("en")
    words = text["review"]
    save, careless = played
    settings = {"mode": "solo", "bots": "greedy", "rounds": 1, "pace": "instant"}
    store = {"okey-table": {"version": 1, "settings": settings, "game": {"save": save, "bots": "greedy"}}}
    with phone_page(browser, csp_url, "/okey-play/", store) as page:
        page.get_by_role("button", name=text["continue"], exact=True).click()
        page.wait_for_selector("[data-okey-board][data-okey-phase=gameOver]", timeout=BOOT_TIMEOUT)
        record = page.evaluate("document.querySelector('[data-okey-board]').boardController.view.record")
        assert record["rounds"] == save["rounds"]
        review = expected_review("okey", record)
        shown = walk(page, review, words)

        (index,) = [i for i, r in enumerate(review["remarks"]) if r["kind"] == "penalty"]
        remark = review["remarks"][index]
        assert remark["tile"] == careless.penalised.notation() and remark["points"] == PENALTY
        assert "a penalty tile" in shown[index]["text"] and f"It cost you {PENALTY} points." in shown[index]["text"]
        assert shown[index]["svg"], "the penalty tile against the meld it fed"
        assert shown[index]["practice"]["kind"] == "penalty"
        assert index in review["drill"]
        opened = [i for i, r in enumerate(review["remarks"]) if r["kind"] == "open"]
        assert opened and "you could have opened" in shown[opened[0]]["text"]
        accessible_in_both_palettes(page, csp_url)
        # "Practise this" opens the matching exercise on the Okey Practice page (from its bank: no engine there).
        link = expected_query(remark["practice"])
        page.get_by_role("button", name=words["previous"], exact=True).focus()
        while page.locator("[data-review-remark]").get_attribute("data-review-index") != str(index):
            page.keyboard.press("Enter")
        page.locator("[data-review-remark]").get_by_role("link", name=words["practise"]).click()
        selector = f"[data-practice][data-kind=penalty][data-seed='{link['seed']}'] [data-practice-check]"
        page.wait_for_selector(selector, timeout=60_000)
