"""The site after one visit with no network (its service worker, sw.js: scripts/hooks/offline.py), under the
Content-Security-Policy a deployment sends, and a new release that replaces the old one cleanly."""

from __future__ import annotations

import json
import re
import shutil
import time

import pytest

from tests.support.browser import PageWatch
from tests.support.server import CSP, serve

pytestmark = pytest.mark.browser

TIMEOUT = 120_000
#: Resolves once the page's service worker is active, with the caches it holds.
ACTIVE = """async () => {
  const worker = (await navigator.serviceWorker.ready).active;
  const activated = () => worker.state === "activated";
  if (!activated()) await new Promise((done) => worker.addEventListener("statechange", () => activated() && done()));
  return caches.keys();
}"""
#: Whether the service worker's cache holds a file whose URL contains the argument.
HELD = """async (part) => {
  for (const name of await caches.keys()) {
    const keys = await (await caches.open(name)).keys();
    if (keys.some((request) => request.url.includes(part))) return true;
  }
  return false;
}"""


def held(page, url_part: str) -> bool:
    return page.evaluate(HELD, url_part)


def test_after_one_visit_the_pages_in_every_language_and_the_okey_table_work_offline(browser, site_dir):
    with serve(site_dir, {"Content-Security-Policy": CSP}) as url:
        context = browser.new_context(service_workers="allow", viewport={"width": 1100, "height": 900})
        context.set_default_timeout(TIMEOUT)
        try:
            page = context.new_page()
            watch = PageWatch(page)
            requests: list[str] = []
            context.on("request", lambda request: requests.append(request.url))
            page.goto(url + "/okey-play/")
            caches = page.evaluate(ACTIVE)
            assert len(caches) == 1 and caches[0].startswith("site-")
            # A reading page, its service worker installed: every page kept, no Pyodide byte fetched.
            assert held(page, "/fi/rules/") and held(page, "/it/okey/") and held(page, "/assets/board/worker.mjs")
            assert not [r for r in requests if "/assets/pyodide/" in r], "a reading page fetched Pyodide"
            # The first game, on a page the worker did not control yet: the board's files are kept once used.
            page.click("[data-board-start]")
            page.wait_for_selector("[data-okey-board][data-state=ready]")
            page.wait_for_function("async () => (await caches.keys()).length === 1")
            for part in ("pyodide.asm.wasm", "python_stdlib.zip", ".whl", "pyodide-lock.json", "pyodide.asm.mjs"):
                page.wait_for_function(HELD, arg=part)
            page.close()

            context.set_offline(True)
            page = context.new_page()
            watch = PageWatch(page)
            for path, heading in (("/fi/rules/", "säännöt"), ("/id/", "American Sniff"), ("/it/okey/", "Okey")):
                response = page.goto(url + path)
                assert response.ok and response.from_service_worker, path
                assert heading in page.inner_text("h1"), path
            page.goto(url + "/okey-play/")
            page.click("[data-board-start]")
            page.wait_for_selector("[data-okey-board][data-state=ready]")
            page.wait_for_selector("[data-okey-board][data-okey-phase]")
            # The online tables need the network, and say so in the page's language.
            page.goto(url + "/fi/okey-play/")
            page.click("[data-online-open]")
            notice = page.wait_for_selector("[data-online-none=offline]")
            assert "verkkoyhteyden" in notice.inner_text()
            watch.assert_clean()
            # Offline, a page the site does not have is its language's 404 page.
            response = page.goto(url + "/it/no-such-page/")
            assert response.status == 404 and page.evaluate("document.documentElement.lang") == "it"
        finally:
            context.close()


def release_of(script: str) -> str:
    return json.loads(re.search(r"const RELEASE = (\"[0-9a-f]+\");", script).group(1))


def test_a_new_release_waits_for_the_old_pages_then_drops_the_old_files(browser, site_dir, tmp_path):
    # The site as it is, but for its service worker, which this test changes into the next release's.
    root = tmp_path / "site"
    root.mkdir()
    for entry in site_dir.iterdir():
        if entry.name != "sw.js" and not entry.name.startswith("sw.js."):
            (root / entry.name).symlink_to(entry)
    script = (site_dir / "sw.js").read_text(encoding="utf-8")
    old = release_of(script)
    (root / "sw.js").write_text(script, encoding="utf-8")
    with serve(root, {"Content-Security-Policy": CSP}) as url:
        context = browser.new_context(service_workers="allow")
        context.set_default_timeout(TIMEOUT)
        try:
            page = context.new_page()
            page.goto(url + "/rules/")
            assert page.evaluate(ACTIVE) == [f"site-{old}"]
            new = "0" * 16
            (root / "sw.js").write_text(script.replace(old, new), encoding="utf-8")
            # The new release installs beside the old one and waits: the open page keeps the old release's files.
            state = page.evaluate(
                """async () => {
                  const registration = await navigator.serviceWorker.getRegistration();
                  await registration.update();
                  const next = registration.installing ?? registration.waiting;
                  // Installed, or failed (redundant: a file of the release could not be fetched), said below.
                  const settled = () => ["installed", "redundant"].includes(next.state);
                  const change = (done) => next.addEventListener("statechange", () => settled() && done());
                  if (!settled()) await new Promise(change);
                  if (next.state === "redundant") return {failed: "the new release did not install"};
                  return {waiting: Boolean(registration.waiting), caches: (await caches.keys()).sort()};
                }"""
            )
            assert state == {"waiting": True, "caches": sorted([f"site-{old}", f"site-{new}"])}
            page.reload()  # the old release's page still: a reload keeps it while it is the one open
            # Once no page of the old release is open, the new one takes over and drops the old release's files
            # (asked in the service workers themselves: a page opened now could still be the old release's).
            page.close()
            deadline = time.monotonic() + 60
            kept = None
            while kept != [f"site-{new}"] and time.monotonic() < deadline:
                time.sleep(0.2)
                for worker in context.service_workers:
                    kept = worker.evaluate("async () => (await caches.keys()).sort()")
            assert kept == [f"site-{new}"]
            page = context.new_page()
            page.goto(url + "/rules/")
            assert page.evaluate(ACTIVE) == [f"site-{new}"]
        finally:
            context.close()
    shutil.rmtree(root, ignore_errors=True)
