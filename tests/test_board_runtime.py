"""The board's runtime in Chromium: lazy start, the worker's answers, errors, and a strict CSP.

Runs against the built site (scripts/build_site). The board's game interface
is tested on its own; here the board is only started and its engine called
through the page's BoardRuntime (docs/assets/board/client.mjs).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.board.text import loader_text
from engine.core.i18n import LANGUAGES
from engine.sniff import parse_layout
from engine.sniff.board.text import ui_text
from engine.sniff.render.text import describe
from tests.support.browser import AXE_PATH, PageWatch, axe_problems

pytestmark = pytest.mark.browser

BOOT_TIMEOUT = 120_000  # ms; a cold boot takes a few seconds, more on a busy machine
RUNTIME = "/assets/pyodide/"
BOARD = "[data-sniff-board]"


def locale_path(lang: str, page: str = "play/") -> str:
    return f"/{page}" if lang == "en" else f"/{lang}/{page}"


def record_requests(page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def watch_board(page) -> None:
    """Record every value that aria-busy and data-state take, from the start."""
    page.evaluate(
        """() => {
          const root = document.querySelector("[data-sniff-board]");
          window.boardHistory = [[root.getAttribute("aria-busy"), root.dataset.state]];
          new MutationObserver(() => window.boardHistory.push([root.getAttribute("aria-busy"), root.dataset.state]))
            .observe(root, {attributes: true, attributeFilter: ["aria-busy", "data-state"]});
        }"""
    )


def runtime_files(site_dir: Path) -> list[Path]:
    """The runtime's files, without the compressed copies a host sends instead (scripts/hooks/compress.py)."""
    files = (site_dir / "assets" / "pyodide").rglob("*")
    return [path for path in files if path.is_file() and path.suffix not in (".br", ".gz")]


def transferred(path: Path) -> int:
    copy = path.with_name(path.name + ".br")
    return copy.stat().st_size if copy.exists() else path.stat().st_size


@pytest.mark.parametrize(("lang", "where"), [(lang, "play/") for lang in LANGUAGES] + [("en", "rules/")])
def test_a_reader_who_only_reads_downloads_nothing_of_pyodide(page, site_url, site_dir, lang, where):
    requests = record_requests(page)
    page.goto(site_url + locale_path(lang, where))
    page.wait_for_load_state("networkidle")
    root = page.locator(BOARD)
    assert root.get_attribute("aria-busy") == "true"
    assert root.get_attribute("data-state") == "idle"
    assert root.get_attribute("lang") == lang
    text = loader_text(lang)
    assert page.get_by_role("button", name=text["start"]).is_visible()
    assert root.locator("svg .tile").count() == 4, "the static picture is the engine's drawing of a layout"
    assert not root.locator("[data-board-loading]").is_visible()
    assert int(root.get_attribute("data-bytes")) == sum(p.stat().st_size for p in runtime_files(site_dir))
    # The download the loader announces is the runtime as a host sends it, compressed: a third of it.
    assert int(root.get_attribute("data-transfer")) == sum(transferred(p) for p in runtime_files(site_dir))
    assert int(root.get_attribute("data-transfer")) < int(root.get_attribute("data-bytes")) / 3
    assert [url for url in requests if RUNTIME in url or "worker.mjs" in url] == []


def call(page, op: str, args: dict) -> dict:
    """Call the engine through the page's runtime; the reply or the error, as JSON."""
    return page.evaluate(
        """async ([op, args]) => {
          const runtime = document.querySelector("[data-sniff-board]").boardLoader.runtime;
          try { return {ok: true, result: await runtime.call(op, args)}; }
          catch (error) { return {ok: false, name: error.name, type: error.type, details: error.details}; }
        }""",
        [op, args],
    )


@pytest.fixture(scope="module")
def started(browser, csp_url):
    """One page of the Italian play page with its board started (the boot is slow: share it), under the strict
    Content-Security-Policy of a deployment; what it went through on the way is in ``window.boardHistory`` (aria-busy
    and data-state), ``page.requests`` and ``window.violations``."""
    context = browser.visit()
    page = context.new_page()
    watch = PageWatch(page)
    page.workers_started = []
    page.on("worker", lambda worker: page.workers_started.append(worker.url))
    page.requests = record_requests(page)
    page.goto(csp_url + locale_path("it"))
    page.evaluate(
        "() => { window.violations = []; document.addEventListener('securitypolicyviolation', "
        "(e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI)); }"
    )
    watch_board(page)
    # A game interface registers itself as the board-UI will, through a second copy of the
    # client module (another URL, so evaluated again): it must still run once, while busy.
    page.evaluate(
        """async () => {
          const src = document.querySelector('script[src*="client.mjs"]').src;
          const { onBoardReady } = await import(src + "&copy=2");
          window.interface = [];
          onBoardReady(async (root, runtime) => {
            const version = await runtime.call("version");
            window.interface.push([root.getAttribute("aria-busy"), root.dataset.state, version.engine]);
          });
        }"""
    )
    page.clicked_at = len(page.requests)
    page.get_by_role("button", name=loader_text("it")["start"]).click()
    page.wait_for_selector(f"{BOARD}[data-state=ready]", timeout=BOOT_TIMEOUT)
    page.csp_url = csp_url
    yield page
    violations = page.evaluate("window.violations")
    context.close()
    watch.assert_clean()
    assert violations == []


def test_starting_boots_the_engine_under_a_strict_csp(started):
    """No 'unsafe-inline': the page, the worker and Pyodide run; no violation (checked here and at the end)."""
    history = started.evaluate("window.boardHistory")
    assert history[0] == ["true", "idle"]
    assert ["true", "loading"] in history
    assert history[-1] == ["false", "ready"]
    assert all(busy == "true" for busy, state in history if state != "ready")
    assert started.locator("[data-board-status]").inner_text() == loader_text("it")["ready"]
    assert started.evaluate("window.violations") == []
    # The progress bar counted every byte of the runtime.
    progress = started.evaluate(
        "() => { const p = document.querySelector('[data-sniff-board] progress'); return [p.value, p.max]; }"
    )
    assert progress[0] == progress[1] > 10_000_000
    # Pyodide came from the site itself, and only after the click.
    runtime = [url for url in started.requests if RUNTIME in url]
    assert {url.rsplit("/", 1)[1] for url in runtime} >= {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"}
    assert [url for url in started.requests[: started.clicked_at] if RUNTIME in url] == []
    assert all(url.startswith(started.csp_url) for url in started.requests)


def test_a_game_interface_runs_once_the_engine_answers_before_the_board_is_playable(started):
    engine_version = call(started, "version", {})["result"]["engine"]
    assert started.evaluate("window.interface") == [["true", "loading", engine_version]]
    boards = [url for url in started.workers_started if "/assets/board/worker.mjs" in url]
    assert len(boards) == 1, started.workers_started


def test_the_worker_answers_in_pyodides_python(started):
    version = call(started, "version", {})["result"]
    assert version["platform"] == "emscripten"
    assert version["languages"] == list(LANGUAGES)
    layout = "4|4;4|6 on 4|4 line-a;1|4 on 4|4 line-b"
    text = call(started, "sniff.describe", {"layout": layout, "lang": "it"})["result"]
    assert text["caption"] == "Valori conteggiati: 1 + 4 + 4 + 6 = 15. Punti della posa: 15 punti grezzi."
    assert text["description"] == describe(parse_layout(layout), "it").description
    svg = call(started, "sniff.render_svg", {"layout": "1|4", "lang": "it", "last": True})["result"]
    assert svg.startswith("<svg") and 'data-tile="1|4"' in svg


def test_the_ready_board_is_accessible(started):
    assert started.get_by_role("status").inner_text() == loader_text("it")["ready"]
    # axe-core from the site's own origin, as the strict policy allows.
    assert axe_problems(started, BOARD, source=started.csp_url + AXE_PATH) == []


def test_a_failed_call_rejects_with_the_engines_error(started):
    error = call(started, "sniff.describe", {"layout": "1|4\n2|2 on 1|4 high"})
    assert (error["ok"], error["name"], error["type"]) == (False, "BoardError", "NotationError")
    assert error["details"]["line"] == 2
    unknown = call(started, "deal", {})
    assert (unknown["type"], unknown["ok"]) == ("BoardCallError", False)
    # The worker still answers after an error.
    assert call(started, "sniff.legal_joins", {"layout": "1|4"})["result"] == [
        {"tile": "1|4", "side": "high", "value": 4},
        {"tile": "1|4", "side": "low", "value": 1},
    ]


def test_pending_calls_reject_when_the_worker_stops(browser, site_url):
    context = browser.visit()
    page = context.new_page()
    page.goto(site_url + "/play/")
    outcome = page.evaluate(
        """async () => {
          const { BoardRuntime, runtimeURLs } = await import(document.querySelector('script[src*="client.mjs"]').src);
          const runtime = new BoardRuntime(runtimeURLs(document.querySelector("[data-sniff-board]")));
          const before = await runtime.call("version").catch((error) => error.type);
          const booting = runtime.start().catch((error) => error.type);
          const pending = runtime.call("version").catch((error) => error.type);
          runtime.terminate();
          return [before, await booting, await pending];
        }"""
    )
    context.close()
    assert outcome == ["NotStarted", "Stopped", "Stopped"]


def test_a_wheel_that_fails_its_checksum_is_refused_and_try_again_recovers(browser, csp_url):
    # Under the strict policy, as the shared page above (the runtime in the profile's cache for that site).
    context = browser.visit()
    page = context.new_page()
    tampered: list[str] = []

    def tamper(route):
        response = route.fetch()
        body = bytearray(response.body())
        body[len(body) // 2] ^= 0xFF
        tampered.append(route.request.url)
        route.fulfill(response=response, body=bytes(body))

    context.route("**/*.whl", tamper)
    page.goto(csp_url + locale_path("id"))
    text = loader_text("id")
    page.get_by_role("button", name=text["start"]).click()
    page.wait_for_selector(f"{BOARD}[aria-busy=false]", timeout=BOOT_TIMEOUT)
    assert tampered, "the wheel was not requested"
    assert page.locator(BOARD).get_attribute("data-state") == "failed"
    assert page.locator("[data-board-status]").inner_text() == text["failed"]
    assert axe_problems(page, BOARD, source=csp_url + AXE_PATH) == []

    context.unroute("**/*.whl")
    page.get_by_role("button", name=text["retry"]).click()
    page.wait_for_selector(f"{BOARD}[data-state=ready]", timeout=BOOT_TIMEOUT)
    assert page.locator(BOARD).get_attribute("aria-busy") == "false"

    # A worker that dies while the board is playing: pending calls reject, and the board restarts it by itself,
    # says so, and the game goes on from its save.
    page.wait_for_selector(f"{BOARD}[data-play-phase=you], {BOARD}[data-play-phase=bot]")
    moves = page.locator(BOARD).get_attribute("data-play-moves")
    rejected = page.evaluate(
        """async () => {
          const runtime = document.querySelector("[data-sniff-board]").boardLoader.runtime;
          const pending = runtime.call("version").then(() => "answered", (error) => error.type);
          runtime.worker.dispatchEvent(new ErrorEvent("error", {message: "out of memory"}));
          return await pending;
        }"""
    )
    assert rejected == "WorkerError"  # the reply can't come before the error: it would need another task
    assert page.locator(BOARD).get_attribute("data-state") == "restarting"
    assert page.locator(BOARD).get_attribute("aria-busy") == "true"
    assert page.locator("[data-board-status]").inner_text() == text["restarting"]
    page.wait_for_selector(f"{BOARD}[data-state=ready][data-restarts='1']", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("[data-play-message]:not([hidden])")
    assert page.locator("[data-play-message]").inner_text() == ui_text("id")["restarted"]
    assert int(page.locator(BOARD).get_attribute("data-play-moves")) >= int(moves)
    assert page.locator(BOARD).get_attribute("data-play-phase") in ("you", "bot")

    # A worker that keeps dying stops the board: the visitor may try again. (Two more deaths within the minute are
    # written into the loader's memory of restarts rather than waited for: a boot takes seconds.)
    page.evaluate(
        """() => { const board = document.querySelector("[data-sniff-board]").boardLoader;
                   board.restarts.push(Date.now(), Date.now());
                   board.runtime.worker.dispatchEvent(new ErrorEvent("error", {message: "out of memory"})); }"""
    )
    page.wait_for_selector(f"{BOARD}[data-state=failed]")
    assert page.locator("[data-board-status]").inner_text() == text["stopped"]
    assert page.get_by_role("button", name=text["retry"]).is_visible()
    context.close()


def test_the_site_lock_registers_only_the_engine(site_dir):
    locks = list((site_dir / "assets" / "pyodide").glob("engine-*/pyodide-lock.json"))
    assert len(locks) == 1
    lock = json.loads(locks[0].read_text(encoding="utf-8"))
    assert list(lock["packages"]) == ["tile-games-engine"]
    assert (locks[0].parent / lock["packages"]["tile-games-engine"]["file_name"]).exists()
