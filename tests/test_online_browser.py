"""Playing online on the Play pages, in Chromium against a real ``python -m server`` over the built site, on the
game's own board (the Sniff layout and its tiles, the Okey rack): a Sniff table created in English and joined by
its link in Finnish with names typed for the seats, a hand played to its end with moves from both seats on the
board, a reload mid-turn, a seat that closes its page played by the bot (and the summary on its return); an Okey
table in Indonesian played on the rack to the end of its round, the timer running out on the human seat, the
settlement, Review, the record and the shuffle check; a plain static host that has no table server.

Each page boots the board's engine (Pyodide) once: the board makes every state into its view in the page."""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.server.support import ServerProcess
from tests.support.browser import AXE, VIOLATIONS, PageWatch, axe_problems, okey_rack, visitor_page

pytestmark = pytest.mark.browser

AXE_PATH = "/__axe__.js"
#: Where the scenarios leave their screenshots of the lobby, a spectator's table and the phrases (to look at).
SHOTS = Path(os.environ.get("ONLINE_SHOTS", tempfile.gettempdir()))
ROOT = "[data-online]"
SNIFF = "[data-sniff-board]"
OKEY = "[data-okey-board]"
BOOT = 120_000  # the board's engine starts in the page (Pyodide) when the table first plays


@pytest.fixture(scope="module")
def server(site_dir, tmp_path_factory):
    # A move timer of 4 s (the bot's turns come quickly), under the server's shortest for real players (10 s).
    db = tmp_path_factory.mktemp("db") / "tables.sqlite3"
    process = ServerProcess(site_dir, db=db, options=("--min-timer", "1"))
    yield process
    process.stop()


def _open(browser, url, path, **kwargs):
    routes = [(url + AXE_PATH, lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))]
    return visitor_page(browser, url + path, routes=routes, **kwargs)


def _context(browser, url, width=1100, shared=False):
    """A visitor's browser context (its own localStorage), axe served from the site's origin: a fresh one (an empty
    cache), or (``shared``) a visitor of the session's shared profile, whose cache keeps the board's engine compiled
    (every boot of its pages, a reload's too, costs less)."""
    viewport = {"width": width, "height": 900}
    context = browser.visit(viewport=viewport) if shared else browser.new_context(viewport=viewport)
    context.add_init_script(VIOLATIONS)
    context.route(url + AXE_PATH, lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
    return context


def _page(context, address):
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(address)
    return page, watch


def _choose_timer(page, seconds: str) -> None:
    """The lobby's time per move; a short one the lobby does not offer is added for the test."""
    page.evaluate(
        "(value) => { const s = document.querySelector('#online-timer');"
        " if (![...s.options].some((o) => o.value === value)) s.append(new Option(value, value)); s.value = value; }",
        seconds,
    )


#: The name field's look, in the scheme the page has now: its border, its text's colour and its background's.
FIELD = """() => { const s = getComputedStyle(document.querySelector('#online-name'));
  return [s.borderTopStyle, parseFloat(s.borderTopWidth), s.color, s.backgroundColor, s.borderTopColor]; }"""


def _lobby_in_view(page) -> None:
    """Play online opened the lobby where the visitor looks: the box at the top of the window, its first field
    focused; its name field a field one sees, in the light scheme and the dark one."""
    top = page.evaluate("() => document.querySelector('.online-table__box').getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"] / 2, top
    assert page.evaluate("() => document.activeElement.closest('.online-table__box') !== null")
    for scheme in ("default", "slate"):
        page.evaluate("(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)", scheme)
        style, width, colour, background, border = page.evaluate(FIELD)
        assert style == "solid" and width >= 1 and colour != background and border != background, (scheme, colour)
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")


def _create(page, seats, timer="0", name="", players=None, listed=False, lobby=False, shot=None):
    page.click("[data-online-open]")
    page.wait_for_selector("[data-online-create]")
    if lobby:
        _lobby_in_view(page)
    if players:
        page.select_option("#online-players", players)
    if listed:
        page.check("#online-public")
    for seat, choice in enumerate(seats[1:], start=1):
        page.select_option(f"#online-seat-{seat}", choice)
    _choose_timer(page, timer)
    page.fill("#online-name", name)
    if shot:
        page.locator(".online-table__box").screenshot(path=str(SHOTS / shot))
    page.click("[data-online-create]")
    if "friend" not in seats:  # every seat taken at once (a bot holding an open one): the table plays, no link
        page.wait_for_selector(f"{ROOT}[data-online-status=playing]", state="attached")
        return None
    page.wait_for_selector("[data-online-link]")
    return page.input_value("[data-online-link]")


#: The online table's last state, in the page (a JavaScript expression).
STATE = "document.querySelector('[data-online]').onlineTable.state"


def _state(page) -> dict:
    return page.evaluate(f"() => {STATE}")


def _board(page, root, name):
    return page.evaluate(f"() => document.querySelector('{root}').boardController.view?.{name}")


def _my_turn(page, root: str, name: str, busy: str) -> str | None:
    """The board's ``data-<name>-moves`` if it is the visitor's turn and the board is not busy, else None: one look
    at the page (the tests poll their pages while the table plays)."""
    return page.evaluate(
        """([root, name, busy]) => { const board = document.querySelector(root);
          const data = board?.dataset ?? {};
          return data[`${name}Phase`] === "you" && data[busy] !== "true" ? (data[`${name}Moves`] ?? "") : null; }""",
        [root, name, busy],
    )


def _sniff_move(page) -> bool:
    """One move on the Sniff board, as a visitor makes it: a playable tile of the hand (one place: played; several:
    its places light up on the layout, and the first is clicked), else the move button (draw, pass)."""
    moves = _my_turn(page, SNIFF, "play", "playBusy")
    if moves is None:
        return False
    try:
        tile = page.locator(".sniff-play__tiles .sniff-tile.is-playable").first
        if tile.count():
            tile.click(timeout=2000)
            place = page.locator(".sniff-play__table .join-hit")
            if page.get_attribute(SNIFF, "data-play-moves") == moves and place.count():
                place.first.dispatch_event("click")
        else:
            page.locator(".sniff-move").first.click(timeout=2000)
    except Exception:
        return False  # redrawn meanwhile
    return True


def _okey_move(page) -> bool:
    """One move on the Okey table: draw, or select the rack's first tile and discard it with its button."""
    if _my_turn(page, OKEY, "okey", "okeyBusy") is None:
        return False
    try:
        draw = page.locator(".okey-move[data-okey-kind=draw]")
        if draw.count():
            draw.first.click(timeout=2000)
            return True
        discard = page.locator(".okey-move[data-okey-kind=discard]")
        if not discard.count():
            page.locator(".okey-rack__tile[data-okey-index='0']").click(timeout=2000)
        page.locator(".okey-move[data-okey-kind=discard]").first.click(timeout=2000)
    except Exception:
        return False
    return True


def _deductions(page, selector: str) -> dict[int, int]:
    """The Sniff board's deductions that ``selector`` finds: seat -> points."""
    found = page.eval_on_selector_all(
        f"{SNIFF} {selector}", "(items) => items.map((li) => [li.dataset.seat, li.dataset.deduction])"
    )
    return {int(seat): int(points) for seat, points in found}


def _play(pages, move, until, timeout=120):
    deadline = time.monotonic() + timeout
    moved = {id(page): 0 for page in pages}
    while time.monotonic() < deadline:
        if until():
            return moved
        for page in pages:
            if move(page):
                moved[id(page)] += 1
        time.sleep(0.05)
    raise AssertionError("the table did not get there in time")


def test_sniff_with_a_friend_by_link_in_finnish_on_the_board_a_reload_and_an_absence(browser, server):
    url = server.url
    # The friend, who boots the board three times (joining, reloading, coming back), is the shared profile's visitor;
    # the creator, who boots it once, has a fresh context.
    creators = _context(browser, url)
    context = _context(browser, url, shared=True)
    try:
        creator, creator_watch = _page(creators, url + "/play/")
        creator.click("[data-online-open]")
        creator.wait_for_selector("[data-online-create]")
        # Classic Sniff's partnerships are offered with four players only.
        creator.select_option("#online-rules", "classic")
        assert creator.locator(".online-table__options [data-setting=partners]").is_hidden()
        creator.select_option("#online-players", "4")
        assert creator.locator(".online-table__options [data-setting=partners]").is_visible()
        creator.select_option("#online-rules", "american")
        creator.select_option("#online-players", "2")
        link = _create(creator, ("you", "friend"), name="Ada", lobby=True)
        assert link.startswith(url + "/play/#table=")
        assert creator.locator("[data-online-seats] li").count() == 2
        # While the table waits, the page offers no game of its own beside it (the board's New game, its demo), nor
        # after a reload.
        assert creator.locator("[data-board=sniff]").is_hidden()
        creator.reload()
        creator.wait_for_selector("[data-online-start]")
        assert creator.locator("[data-board=sniff]").is_hidden()
        assert axe_problems(creator, ROOT, source=url + AXE_PATH) == []
        finnish = link.replace("/play/#", "/fi/play/#")
        friend, watch = _page(context, finnish)
        friend.fill("#online-name", "Bea <b>")  # a name is text wherever it shows, never markup
        friend.click("[data-online-join]")
        for page in (creator, friend):
            page.wait_for_selector(f"{SNIFF}[data-play-phase]", timeout=BOOT)
        # Each seat sees the other's typed name, and the board in its own language; the creator is told why the game
        # started without Start.
        creator.wait_for_selector("[data-online-seats] li[data-seat='1']:has-text('Bea <b>')")
        assert creator.locator(f"{ROOT} b, {SNIFF} .sniff-play__seats b").count() == 0
        assert "Every seat is taken" in creator.inner_text("[data-online-notice]")
        # A third visitor is told at once that every seat is taken, and offered no seat.
        third = _context(browser, url)
        third.route("**/assets/pyodide/**", lambda route: route.abort())  # its board need not start: saves a boot
        try:
            late, _ = _page(third, link)
            late.wait_for_selector("[data-online-notice]:has-text('Every seat at this table is taken')")
            assert late.locator("[data-online-join]").count() == 0
        finally:
            third.close()
        assert "Ada" in friend.inner_text("[data-online-seats]")
        assert _board(friend, SNIFF, "me") == 1 and _board(creator, SNIFF, "me") == 0
        assert "Sinun vuorosi" in friend.inner_text(SNIFF) or "pelaa" in friend.inner_text(SNIFF)
        # The second seat's strip shows the other seat, by its name, with its count and no tile face; its own tiles
        # are its hand.
        strip = friend.locator(f"{SNIFF} .sniff-play__seats li")
        assert strip.count() == 1 and strip.first.get_attribute("data-seat") == "0"
        assert strip.first.inner_text().startswith("Ada (") and "7 laattaa" in strip.first.inner_text()
        assert friend.locator(f"{SNIFF} .sniff-play__seats .sniff-faces").count() == 0
        assert friend.locator(f"{SNIFF} .sniff-play__tiles .sniff-tile").count() == 7
        # A phrase in two languages: each page words it in its own reader's, beside the seat and in its list.
        creator.click("[data-online-phrase=good-luck]")
        friend.wait_for_selector("[data-online-said] li:has-text('Ada (Paikka 1): Onnea peliin!')")
        assert friend.locator("[data-online-phrase]").count() == 9
        assert friend.inner_text("[data-online-said-by='0']") == "Onnea peliin!"
        friend.click("[data-online-phrase=thanks]")
        creator.wait_for_selector("[data-online-said] li:has-text('Bea <b> (Seat 2): Thank you!')")
        creator.wait_for_selector("[data-online-live]:has-text('Thank you!')", state="attached")
        # A hand played on the board to its end, with moves from both seats: then its end, every seat's tiles
        # and deductions, from the finished hand's record (the server's pause before the next deal).
        moved = _play([creator, friend], _sniff_move, lambda: _board(creator, SNIFF, "phase") == "handOver")
        assert all(count > 0 for count in moved.values()), moved
        # Each page draws the hand's end as its own state arrives (waited for on both): every seat's deduction, and
        # on the score sheet those that cost points (one rounded to 0 is left off the sheet, so a hand can end with
        # none there).
        for page in (friend, creator):
            page.wait_for_selector(f"{SNIFF} li[data-deduction]:not(.sniff-sheet__deduction)")
            ended = _deductions(page, "li[data-deduction]:not(.sniff-sheet__deduction)")
            assert len(ended) == 2, ended
            assert _deductions(page, ".sniff-sheet__deduction") == {seat: d for seat, d in ended.items() if d}
        # The next hand, dealt by the server after its pause (during which nobody plays: waited for, not polled).
        creator.wait_for_function(
            f"() => (document.querySelector('{SNIFF}').boardController.view?.handNumber ?? 0) >= 2",
            polling=200,
            timeout=30_000,
        )
        # A reload in the middle of the friend's turn: the same seat again, on the board.
        _play([creator], _sniff_move, lambda: friend.get_attribute(SNIFF, "data-play-phase") == "you", timeout=30)
        friend.reload()
        friend.wait_for_selector(f"{ROOT}[data-online-status=playing]", state="attached")
        friend.wait_for_selector(f"{SNIFF}[data-play-phase]", timeout=BOOT)
        # (a reload slower than the 2 s grace lets the bot finish that turn: the seat's next one is its own)
        _play([creator], _sniff_move, lambda: friend.get_attribute(SNIFF, "data-play-phase") == "you", timeout=60)
        assert _state(friend)["seat"] == 1 == _board(friend, SNIFF, "me")
        assert friend.locator(".sniff-play__tiles .sniff-tile").count() > 0
        assert axe_problems(friend, SNIFF, source=url + AXE_PATH) == []
        assert friend.evaluate("window.violations") == []
        watch.assert_clean()
        # The friend closes the page: after the grace the bot plays its seat, marked for everyone.
        friend.close()
        creator.wait_for_selector("[data-online-seats] li[data-seat='1'][data-online-seat-kind=away]")
        before = _state(creator)["version"]
        _play([creator], _sniff_move, lambda: _state(creator)["version"] >= before + 6, timeout=60)
        auto = [event for event in _state(creator)["events"] if event.get("auto")]
        assert auto and all(event["seat"] == 1 for event in auto)
        back, watch = _page(context, finnish)
        back.wait_for_selector("[data-online-notice]:has-text('botti pelasi puolestasi')")
        # The summary says which hand each move was in, a line each.
        summary = back.inner_text("[data-online-notice]")
        assert re.search(r"Kierros \d+: ", summary), summary
        assert _state(back)["seat"] == 1
        creator.wait_for_selector("[data-online-seats] li[data-seat='1'][data-online-seat-kind=human]")
        watch.assert_clean()
        assert creator.evaluate("window.violations") == []
    finally:
        context.close()
        creators.close()
    creator_watch.assert_clean()


def _watch_from_the_list(watcher, url):
    """A visitor of the Italian Okey page finds the open table in the lobby (Join on its open seat, Watch) and
    watches it: the table as a spectator sees it, no rack and no move of its own."""
    watcher.click("[data-online-open]")
    watcher.wait_for_selector("[data-online-list-watch]")
    listed = watcher.locator("[data-online-listed]").first
    assert "Ada (Posto 1)" in listed.inner_text() and "Posto 2: libero" in listed.inner_text()
    assert listed.locator("[data-online-list-join]").count() == 1
    watcher.locator(".online-table__box").screenshot(path=str(SHOTS / "lobby-desktop.png"))
    listed.locator("[data-online-list-watch]").click()
    watcher.wait_for_selector(f"{OKEY}[data-okey-phase]", timeout=BOOT)
    assert _state(watcher)["seat"] is None and _board(watcher, OKEY, "me") is None
    assert watcher.locator(f"{OKEY} .okey-rack__tile").count() == 0 and watcher.locator(".okey-move").count() == 0
    assert "Stai guardando" in watcher.inner_text("[data-online-watching]")
    assert watcher.locator(f"{OKEY} .okey-seat").count() == 4


def test_okey_in_indonesian_on_the_rack_the_timer_a_spectator_phrases_the_end_and_one_more_game(browser, server):
    url = server.url
    spectators = _context(browser, url)
    watcher, watcher_watch = _page(spectators, url + "/it/okey-play/")
    with _open(browser, url, "/id/okey-play/", width=390) as page:
        # A public table whose second seat is open to anyone: it plays at once, a bot holding that seat.
        _create(
            page,
            ("you", "open", "bot:random", "bot:random"),
            timer="6",
            name="Ada",
            listed=True,
            shot="lobby-phone.png",
        )
        page.wait_for_selector(f"{OKEY}[data-okey-phase]", timeout=BOOT)
        _watch_from_the_list(watcher, url)
        page.wait_for_selector("[data-online-watchers='1']:has-text('1 penonton')")
        # A phrase from the seat, read in Italian by the spectator; one from the spectator, read in Indonesian.
        page.click("[data-online-phrase=good-luck]")
        watcher.wait_for_selector("[data-online-said-by='0']:has-text('Buona fortuna!')")
        assert "Ada (Posto 1): Buona fortuna!" in watcher.inner_text("[data-online-said]")
        watcher.click("[data-online-phrase=hello]")
        page.wait_for_selector("[data-online-said] li:has-text('Penonton: Halo!')")
        watcher.locator(OKEY).screenshot(path=str(SHOTS / "spectator-desktop.png"))
        watcher.set_viewport_size({"width": 390, "height": 900})
        watcher.locator(OKEY).screenshot(path=str(SHOTS / "spectator-phone.png"))
        watcher.set_viewport_size({"width": 1100, "height": 900})
        page.locator("[data-online-phrases]").screenshot(path=str(SHOTS / "phrases-phone.png"))
        page.wait_for_selector(f"{OKEY}[data-okey-phase=you]", timeout=BOOT)
        # The assisted table's help, computed in the page for the visitor's own rack: the best arrangement.
        page.click("[data-key=arrange-best]")
        page.wait_for_function(f"() => !document.querySelector('{OKEY}').boardController.actions.busy('arrange')")
        # The rack is the board's: drag a tile onto another (the order is the visitor's own). A new state may change
        # the rack, so each try starts early in the visitor's own turn, with at least 2.5 s of the 6 s timer left; one
        # that a new state overtook all the same (a slow machine) is made again in a later turn. A drag no state
        # overtook must put the tile in its place, and the tile dragged is still the one on the page: the board draws
        # itself again in place (patch.mjs), so nothing it draws ends a drag. One that left the rack exactly as it was
        # (the pointer's drop missed the target on a busy machine) is made again; one that moved tiles elsewhere
        # fails at once, and so do five that never put the tile in its place.
        missed = []
        for _ in range(5):
            page.wait_for_function(
                f"() => {{ const s = {STATE}; return s.current === s.seat && s.deadline - Date.now() >= 2500; }}",
                timeout=30_000,
            )
            version = _state(page)["version"]
            before = okey_rack(page)
            first = before[0]
            # The tile dragged, kept: whether the board took it out of the page during the drag (which would end it).
            page.evaluate("window.dragged = document.querySelector(\".okey-rack__tile[data-okey-index='0']\")")
            try:
                page.drag_and_drop(
                    ".okey-rack__tile[data-okey-index='0']", ".okey-rack__tile[data-okey-index='3']", timeout=5_000
                )
            except PlaywrightTimeoutError:
                page.mouse.up()  # (a drag left half done)
                if _state(page)["version"] == version:
                    raise  # the rack did not change under it, and the drag could not be made
                continue  # a new state redrew the rack under the drag
            order = okey_rack(page)
            if _state(page)["version"] == version:
                assert page.evaluate("window.dragged.isConnected"), "the board took the dragged tile out of the page"
                if order == before:
                    missed.append(before)
                    continue
                assert order[3] == first, f"{first} dragged onto index 3 of the rack {before}, which is now {order}"
                break
        else:
            pytest.fail(f"no drag put the tile in its place racks left as they were: {missed}")
        assert "dtk" in page.inner_text("[data-online-timer]")  # the countdown, in Indonesian
        # The timer runs out on the human seat: the server's bot plays that turn for it.
        version = _state(page)["version"]
        page.wait_for_function(
            f"(v) => {{ const s = {STATE}; return s.version > v && s.events.some((e) => e.auto && e.seat === 0); }}",
            arg=version,
            timeout=20_000,
        )
        # Then the round played on the rack to its end (one round: the game's end too).
        moved = _play([page], _okey_move, lambda: _state(page)["over"], timeout=150)
        assert moved[id(page)] > 0
        page.wait_for_selector(f"{OKEY}[data-okey-phase=gameOver]")
        assert page.locator("[data-okey-row]").count() == 4  # the settlement, every seat's row
        # Review, computed in the page from the record, for the visitor's own seat.
        page.click(f"{OKEY} [data-key=review-open]")
        page.wait_for_selector(f"{OKEY} [data-review=open]", timeout=60_000)
        assert page.locator(f"{OKEY} [data-review-remark], {OKEY} [data-review-none]").count() > 0
        # The record and the shuffle check.
        page.wait_for_selector("[data-online-shuffle=ok]")
        assert "SHA-256" in page.inner_text("[data-online-shuffle]")
        with page.expect_download() as download:
            page.click("[data-online-download]")
        assert download.value.suggested_filename.startswith("okey-online-")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        assert axe_problems(page, OKEY, source=url + AXE_PATH) == []
        assert axe_problems(page, ROOT, source=url + AXE_PATH) == []
        # The spectator saw the same end, with no rack before it.
        watcher.wait_for_selector(f"{OKEY}[data-okey-phase=gameOver]")
        assert watcher.locator("[data-okey-row]").count() == 4
        # One more game: the seat's page makes the next table; the spectator's page offers to watch it.
        replay = page.get_attribute("[data-online-replay-link]", "href")
        page.click("[data-online-rematch]")
        page.wait_for_function(f"(old) => {STATE}?.table && {STATE}.table !== old", arg=_state(watcher)["table"])
        watcher.wait_for_selector("[data-online-rematch=offered]")
        assert watcher.evaluate("window.violations ?? []") == []
        spectators.close()
        watcher_watch.assert_clean()
        # The replay's link, opened later (here by the player, whose browser has the engine compiled): the record
        # from the server, move by move, the shuffle checked.
        page.goto(replay)
        page.wait_for_selector("[data-online-shuffle=ok]")
        page.wait_for_selector(f"{OKEY} [data-okey-step]", timeout=BOOT)
        assert page.locator("[data-online-phrases]").is_hidden()


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


def test_start_gives_the_seats_nobody_took_to_bots(browser, server):
    url = server.url
    with _open(browser, url, "/it/play/") as creator:
        _create(creator, ("you", "friend", "friend"), players="3")
        assert creator.locator("[data-online-seats] li[data-online-seat-kind=human]").count() == 3
        assert "Posto 2" in creator.inner_text("[data-online-seats]")
        creator.click("[data-online-start]")
        creator.wait_for_selector(f"{ROOT}[data-online-status=playing]", state="attached")
        kinds = creator.locator("[data-online-seats] li").evaluate_all(
            "(items) => items.map((li) => li.dataset.onlineSeatKind)"
        )
        assert kinds == ["human", "bot", "bot"], kinds
