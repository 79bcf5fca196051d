"""What a board's worker keeps of a game: its sealed save, read in the worker as the worker reads it.

The page never receives a save (docs/assets/board/worker.mjs takes it out of every reply and seals it in
IndexedDB, vault.mjs); a test that needs the whole game (to compute the visitor's moves, or to check what the
page was shown against what it was not) opens it in the worker's own context, with the worker's key.
"""

from __future__ import annotations

import time

OPEN = """async (name) => {
  const vault = await import(new URL("vault.mjs", self.location.href).href);
  return await vault.open(name);
}"""


def slot(page, game: str) -> str | None:
    """The page's tab slot for ``game`` (controller.mjs keeps it in sessionStorage)."""
    return page.evaluate("(key) => sessionStorage.getItem(key)", f"{game}-board:saves")


def sealed(page, game: str) -> dict | None:
    """The tab's game as the worker keeps it: ``{"save": record, "meta": {...}}``, or None."""
    name = f"{game}:{slot(page, game)}"
    return page.workers[-1].evaluate(OPEN, name)


def wait_sealed(page, game: str, check, timeout: float = 10) -> dict | None:
    """The sealed game once ``check(it)`` holds (the worker seals a save before it replies, the page's meta
    a moment later)."""
    end = time.monotonic() + timeout
    while True:
        value = sealed(page, game)
        if check(value) or time.monotonic() > end:
            return value
        time.sleep(0.1)
