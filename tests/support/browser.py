"""Playwright driving Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"

# Without the background-networking flags Chromium tries to reach Google's
# hosts at every start; this machine has no network beyond the registries.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


class PageWatch:
    """Collects console errors, page errors and requests that leave 127.0.0.1."""

    def __init__(self, page) -> None:
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.outside_requests: list[str] = []
        page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.route("**/*", self._route)

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            self.outside_requests.append(url)
            route.abort()

    def assert_clean(self) -> None:
        assert not self.page_errors, self.page_errors
        assert not self.console_errors, self.console_errors
        assert not self.outside_requests, self.outside_requests
