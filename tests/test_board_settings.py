"""A choice in a board's settings is the one the new game is dealt with, however it reached the form (issue 37:
the Assisted box unticked before the page's script had set the board up came back ticked, and the game started
assisted). The form is read again when New game is pressed; the browser's own restoring of forms is refused."""

from __future__ import annotations

import pytest

from tests.support.browser import visitor_page
from tests.test_board_runtime import BOOT_TIMEOUT

pytestmark = pytest.mark.browser

#: A choice that reaches the form with no change event: the state set as the browser restores a form's, or as a
#: click before the page's listener was there leaves it.
SILENT = "([selector, checked]) => { document.querySelector(selector).checked = checked; }"
#: The settings are stored, and the bots play at once: the game's first view comes without a wait.
PACE = """localStorage.setItem("sniff-board:settings", JSON.stringify({version: 1, pace: "instant"}));
localStorage.setItem("okey-table", JSON.stringify({version: 1, settings: {pace: "instant", assisted: true}}));"""


@pytest.mark.parametrize(
    ("path", "board", "control", "checked", "shown"),
    [
        ("/okey-play/", "okey", "input[name=assisted]", False, "view.assisted"),
        ("/play/", "sniff", "input[name=sniff-players][value='3']", True, "view.players"),
    ],
    ids=["okey-assisted", "sniff-players"],
)
def test_a_choice_the_form_shows_is_the_new_games(browser, site_url, path, board, control, checked, shown):
    with visitor_page(browser, site_url + path, init_scripts=[PACE]) as page:
        page.wait_for_selector(control, state="attached")
        assert page.locator("form[autocomplete=off]").count() == 1
        page.evaluate(SILENT, [control, checked])
        page.locator("[data-board-start]").click()
        page.wait_for_selector("[aria-busy=false][data-state=ready]", timeout=BOOT_TIMEOUT)
        value = page.evaluate(f"document.querySelector('.tile-board').boardController.{shown}")
        assert value == (3 if board == "sniff" else False), value
        assert page.locator(control).is_checked() == checked
