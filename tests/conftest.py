"""Shared fixtures: the built site, a local server and Debian's Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import Chromium, PageWatch
from tests.support.server import CSP, serve

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"

#: Test files about the site and its build, not the engine: they build MkDocs projects or read site/.
SITE_FILES = ("test_board_hook.py", "test_diagrams_hook.py", "test_i18n_status.py", "test_terms.py")
#: The kinds of test that take seconds each, run first (``pytest_collection_modifyitems``).
SLOW_FIRST = ("browser", "server", "node")


def pytest_collection_modifyitems(config, items):
    """Mark the tests of the site (``-m site``): those that need the built site, build pages or read them.

    ``scripts/test --fast`` runs the rest (``-m "not site and not browser and not node and not server"``): the
    engine's tests. Everything under ``tests/server/`` is marked ``server`` (real server processes).
    """
    for item in items:
        path = Path(str(item.fspath))
        if path.parent.name == "server" and path.parent.parent.name == "tests":
            item.add_marker(pytest.mark.server)
        if "site_dir" in item.fixturenames or path.name in SITE_FILES or path.name.startswith("test_site_"):
            item.add_marker(pytest.mark.site)
    # The slow kinds first, in their files' order (a stable sort): the two workers share the list, and a long
    # browser test started last would leave one core idle while the other finishes it.
    items.sort(
        key=lambda item: next((rank for rank, mark in enumerate(SLOW_FIRST) if item.get_closest_marker(mark)), 9)
    )


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The site built by scripts/build_site (scripts/test builds it before pytest)."""
    if not (SITE / "index.html").exists():
        pytest.fail("site/ is not built: run scripts/build_site (scripts/test does)")
    return SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path):
    with serve(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def csp_url(site_dir: Path):
    """The site served with the Content-Security-Policy a deployment sends (``tests.support.server.CSP``)."""
    with serve(site_dir, {"Content-Security-Policy": CSP}) as url:
        yield url


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """Debian's Chromium (``tests.support.browser.Chromium``): ``new_context()`` a fresh context, ``visit()`` a visitor
    of the one profile of this test process, whose cache keeps Pyodide compiled from one test to the next."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = Chromium(playwright, tmp_path_factory.mktemp("chromium-profile"))
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A page of a new visitor (no storage; the profile's cache); at the end, no console errors and no request outside
    127.0.0.1."""
    context = browser.visit()
    page = context.new_page()
    watch = PageWatch(page)
    page.watch = watch
    yield page
    context.close()
    watch.assert_clean()
