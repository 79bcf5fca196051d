"""Playing online on the Play pages, in Chromium against a real ``python -m server`` over the built site: a table
created in English and joined by its link in Finnish, a hand played to its end with moves from both, a reload
mid-turn, a seat that closes its page played by the bot (and the summary on its return), the timer running out,
a game to its end with the record and the shuffle check, and a plain static host that has no table server.
No Pyodide boots: the online table needs none."""

from __future__ import annotations

import re
import time

import pytest

from tests.server.support import ServerProcess
from tests.support.browser import AXE, VIOLATIONS, PageWatch, axe_problems, visitor_page

pytestmark = pytest.mark.browser

AXE_PATH = "/__axe__.js"
ROOT = "[data-online]"


@pytest.fixture(scope="module")
def server(site_dir, tmp_path_factory):
    process = ServerProcess(site_dir, db=tmp_path_factory.mktemp("db") / "tables.sqlite3")
    yield process
    process.stop()


def _open(browser, url, path, **kwargs):
    routes = [(url + AXE_PATH, lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))]
    return visitor_page(browser, url + path, routes=routes, **kwargs)


def _context(browser, url):
    """A visitor's browser context (its own localStorage), axe served from the site's origin."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(VIOLATIONS)
    context.route(url + AXE_PATH, lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
    return context


def _page(context, address):
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(address)
    return page, watch


def _create(page, seats=("you", "friend"), timer="0", players="2"):
    page.click("[data-online-open]")
    page.wait_for_selector("[data-online-create]")
    page.select_option("#online-players", players)
    for seat, choice in enumerate(seats[1:], start=1):
        page.select_option(f"#online-seat-{seat}", choice)
    page.evaluate(
        "(value) => { const s = document.querySelector('#online-timer');"
        " if (![...s.options].some((o) => o.value === value)) s.append(new Option(value, value)); s.value = value; }",
        timer,
    )
    page.click("[data-online-create]")
    if "friend" not in seats:  # every seat taken at once: the table plays, no link to send
        return page.wait_for_selector(f"{ROOT}[data-online-status=playing]") and None
    page.wait_for_selector("[data-online-link]")
    return page.input_value("[data-online-link]")


def _state(page) -> dict:
    return page.evaluate("() => document.querySelector('[data-online]').onlineTable.state")


def _move_if_turn(page) -> bool:
    if page.get_attribute(ROOT, "data-online-turn") != "you":
        return False
    move = page.locator("[data-online-move]").first
    try:
        move.click(timeout=2000)
    except Exception:
        return False  # redrawn meanwhile
    return True


def _play(pages, until, timeout=90):
    deadline = time.monotonic() + timeout
    moved = {id(page): 0 for page in pages}
    while time.monotonic() < deadline:
        if until():
            return moved
        for page in pages:
            if _move_if_turn(page):
                moved[id(page)] += 1
        time.sleep(0.05)
    raise AssertionError("the table did not get there in time")


def test_a_hand_with_a_friend_by_link_in_finnish_a_reload_and_an_absence(browser, server):
    url = server.url
    with _open(browser, url, "/play/") as creator:
        link = _create(creator)
        assert link.startswith(url + "/play/#table=")
        assert creator.locator("[data-online-seats] li").count() == 2
        assert axe_problems(creator, ROOT, source=url + AXE_PATH) == []
        finnish = link.replace("/play/#", "/fi/play/#")
        context = _context(browser, url)
        try:
            friend, watch = _page(context, finnish)
            friend.wait_for_selector(f"{ROOT}[data-online-status=playing]")
            creator.wait_for_selector(f"{ROOT}[data-online-status=playing]")
            assert "Sinun vuorosi" in friend.inner_text(ROOT) or "Vuorossa" in friend.inner_text(ROOT)
            # A hand played to its end, with moves from both seats.
            moved = _play([creator, friend], lambda: _state(creator)["board"]["hand"] >= 2)
            assert all(count > 0 for count in moved.values()), moved
            # A reload in the middle of the friend's turn: the same seat again.
            _play([creator], lambda: friend.get_attribute(ROOT, "data-online-turn") == "you", timeout=30)
            seat = _state(friend)["seat"]
            friend.reload()
            friend.wait_for_selector(f"{ROOT}[data-online-status=playing]")
            # (a reload slower than the 2 s grace lets the bot finish that turn: the seat's next one is its own)
            _play([creator], lambda: friend.get_attribute(ROOT, "data-online-turn") == "you", timeout=30)
            assert _state(friend)["seat"] == seat == 1
            assert friend.locator("[data-online-move]").count() > 0
            assert axe_problems(friend, ROOT, source=url + AXE_PATH) == []
            assert friend.evaluate("window.violations") == []
            watch.assert_clean()
            # The friend closes the page: after the grace the bot plays its seat, marked for everyone.
            friend.close()
            creator.wait_for_selector("[data-online-seats] li[data-seat='1'][data-online-seat-kind=away]")
            before = _state(creator)["version"]
            _play([creator], lambda: _state(creator)["version"] >= before + 6, timeout=60)
            auto = [event for event in _state(creator)["events"] if event.get("auto")]
            assert auto and all(event["seat"] == 1 for event in auto)
            back, watch = _page(context, finnish)
            back.wait_for_selector("[data-online-notice]:has-text('botti pelasi puolestasi')")
            assert _state(back)["seat"] == 1
            creator.wait_for_selector("[data-online-seats] li[data-seat='1'][data-online-seat-kind=human]")
            watch.assert_clean()
        finally:
            context.close()


def test_the_timer_runs_out_on_a_human_seat(browser, server):
    url = server.url
    with _open(browser, url, "/id/play/") as creator:
        _create(creator, seats=("you", "bot:greedy"), timer="3")
        creator.wait_for_selector(f"{ROOT}[data-online-status=playing]")
        creator.wait_for_selector(f"{ROOT}[data-online-turn=you]")
        assert "dtk" in creator.inner_text("[data-online-timer]")  # the countdown, in Indonesian
        version = _state(creator)["version"]
        creator.wait_for_function(
            f"() => document.querySelector('[data-online]').onlineTable.state.version > {version}", timeout=15_000
        )
        events = _state(creator)["events"]
        assert any(event.get("auto") and event["seat"] == 0 for event in events), events


def test_a_game_to_its_end_with_the_record_and_the_shuffle_check(browser, server):
    url = server.url
    with _open(browser, url, "/fi/play/", width=390) as page:
        page.click("[data-online-open]")
        page.wait_for_selector("[data-online-create]")
        page.select_option("#online-rules", "classic")
        page.select_option("#online-seat-1", "bot:random")
        page.select_option("#online-timer", "0")
        page.click("[data-online-create]")
        page.wait_for_selector(f"{ROOT}[data-online-status=playing]")
        # The human seat plays its first legal move each turn, from the page's own connection.
        page.evaluate(
            """() => { const table = document.querySelector('[data-online]').onlineTable;
              const go = async () => { const s = table.state;
                if (s && !s.over && s.current === table.table.seat && s.legal.length) await table.act(s.legal[0]);
                if (!table.state?.over) setTimeout(go, 20); };
              go(); }"""
        )
        page.wait_for_selector(f"{ROOT}[data-online-status=over]", timeout=180_000)
        page.wait_for_selector("[data-online-shuffle=ok]")
        assert "Sekoitus on todennettu" in page.inner_text("[data-online-shuffle]")
        assert page.locator("[data-online-winner]").count() == 1
        with page.expect_download() as download:
            page.click("[data-online-download]")
        assert download.value.suggested_filename.startswith("sniff-online-")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390
        assert axe_problems(page, ROOT, source=url + AXE_PATH) == []


def test_a_static_host_has_no_table_server(browser, site_url):
    context = _context(browser, site_url)
    try:
        page, watch = _page(context, site_url + "/fi/okey-play/")
        page.click("[data-online-open]")
        page.wait_for_selector("[data-online-none]")
        assert "pöytäpalvelinta" in page.inner_text("[data-online-none]")
        # Everything else as before: the board's own start is there.
        assert page.locator("[data-board-start]").is_visible()
        # The one error: the browser's own line about the probe's 404 (a static host has no /socket.io/).
        assert all("404" in line for line in watch.console_errors), watch.console_errors
        assert not watch.page_errors and not watch.outside_requests
    finally:
        context.close()


def test_an_okey_table_in_finnish_words_its_tiles(browser, server):
    url = server.url
    with _open(browser, url, "/fi/okey-play/", width=390) as page:
        page.click("[data-online-open]")
        page.wait_for_selector("[data-online-create]")
        for seat in (1, 2, 3):
            page.select_option(f"#online-seat-{seat}", "bot:random")
        page.select_option("#online-timer", "0")
        page.click("[data-online-create]")
        page.wait_for_selector(f"{ROOT}[data-online-status=playing]")
        for _ in range(3):
            page.wait_for_selector(f"{ROOT}[data-online-turn=you]")
            version = _state(page)["version"]
            labels = page.locator("[data-online-move]").all_inner_texts()
            # Every move in words (the Okey table's tile names), never a tile code such as R7.
            assert labels and not any(re.search(r"\b[RBKY]\d{1,2}\b", label) for label in labels), labels
            discard = page.locator("[data-online-move^='discard']").first
            (discard if discard.count() else page.locator("[data-online-move]").first).click()
            page.wait_for_function(
                f"() => document.querySelector('[data-online]').onlineTable.state.version > {version}"
            )
        hand = page.locator("[data-online-hand] [role=img]").first.get_attribute("aria-label")
        assert hand and not re.fullmatch(r"\*?[RBKY]\d+|FJ", hand)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        assert axe_problems(page, ROOT, source=url + AXE_PATH) == []


def test_start_gives_the_seats_nobody_took_to_bots(browser, server):
    url = server.url
    with _open(browser, url, "/it/play/") as creator:
        _create(creator, seats=("you", "friend", "friend"), players="3")
        assert creator.locator("[data-online-seats] li[data-online-seat-kind=human]").count() == 3
        assert "Posto 2" in creator.inner_text("[data-online-seats]")
        creator.click("[data-online-start]")
        creator.wait_for_selector(f"{ROOT}[data-online-status=playing]")
        kinds = creator.locator("[data-online-seats] li").evaluate_all(
            "(items) => items.map((li) => li.dataset.onlineSeatKind)"
        )
        assert kinds == ["human", "bot", "bot"], kinds
        assert creator.locator("[data-online-hand] [role=img]").count() > 0
