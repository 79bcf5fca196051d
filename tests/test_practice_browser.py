"""The Practice pages in Chromium under the site's CSP: every kind answered right (mouse) and wrong (keyboard),
hints and explanation, progress kept over a reload, missed exercises back, links to one exercise, axe in both
palettes at 390 px; one test exhausts the bank and has the worker make and check an exercise."""

from __future__ import annotations

import pytest

from tests.support.browser import AXE_PATH, axe_problems, visitor_page

pytestmark = pytest.mark.browser

ROOT = "[data-practice]"
SNIFF_KINDS = ["score", "counted", "joins", "deduction", "best", "score:classic", "deduction:classic"]
OKEY_KINDS = ["meld", "penalty", "open", "charge", "settle"]


def _open(browser, url, path, **kwargs):
    # axe comes from the test server itself (tests.support.server AXE_PATH), from the site's own origin.
    return visitor_page(browser, url + path, **kwargs)


def _ready(page, seed=None):
    page.wait_for_selector(f"{ROOT}[aria-busy=false] [data-practice-check]", timeout=60_000)
    if seed is not None:
        page.wait_for_selector(f"{ROOT}[data-seed='{seed}'] [data-practice-check]")


def _next(page) -> None:
    """Press Next and wait for the next exercise itself: another seed, ready, not answered yet (a worker-made
    exercise arrives a moment after the click, and the answered one stays on screen until then)."""
    before = page.locator(ROOT).get_attribute("data-seed")
    page.locator(f"{ROOT} [data-practice-next]").click()
    page.wait_for_function(
        "(seed) => { const r = document.querySelector('[data-practice]'); return r.dataset.seed !== seed "
        "&& r.getAttribute('aria-busy') === 'false' && r.querySelector('[data-practice-check]') "
        "&& !r.querySelector('[data-verdict]'); }",
        arg=before,
        timeout=60_000,
    )


def _expect(page) -> dict:
    return page.evaluate("() => document.querySelector('[data-practice]').practice.exercise.ui")


def _answer_right_with_the_mouse(page) -> None:
    ui = _expect(page)
    expect = ui["expect"]
    wanted = expect["targets"] if ui["multi"] else (expect["targets"] or [])[:1]
    for target in wanted:
        page.locator(f"{ROOT} [data-target='{target}']").click()
    for index, value in enumerate(expect["fields"]):
        if value is None:
            continue
        field = page.locator(f"{ROOT} .practice__field").nth(index)
        field.locator(f"[data-choice='{value}']").click()
    page.locator(f"{ROOT} [data-practice-check]").click()


def _answer_wrong_with_the_keyboard(page) -> None:
    ui = _expect(page)
    expect = ui["expect"]
    fields = [i for i, value in enumerate(expect["fields"]) if value is not None]
    if fields:
        page.locator(f"{ROOT} [data-field='{fields[0]}']").focus()
        page.keyboard.type(str(expect["fields"][fields[0]] + 1))
    else:
        # A target that is not (or not only) the answer, pressed with the keyboard.
        wrong = [t["id"] for t in ui["targets"] if t["id"] not in expect["targets"]]
        button = page.locator(f"{ROOT} [data-target='{wrong[0]}']") if wrong else None
        if button is None:  # every target is right: leave one out
            button = page.locator(f"{ROOT} [data-target='{expect['targets'][0]}']")
            for target in expect["targets"][1:]:
                page.locator(f"{ROOT} [data-target='{target}']").click()
        button.focus()
        page.keyboard.press("Enter")
    page.locator(f"{ROOT} [data-practice-check]").focus()
    page.keyboard.press("Enter")


@pytest.mark.parametrize(
    ("path", "kinds", "checked"),
    [("/practice/", SNIFF_KINDS, "counted"), ("/fi/okey-practice/", OKEY_KINDS, "penalty")],
)
def test_every_kind_right_and_wrong_from_the_bank(browser, csp_url, path, kinds, checked):
    """Axe-core in both palettes at 390 px, on the ``checked`` kind answered right (its figure, explanation and
    links shown)."""
    requests = []
    with _open(browser, csp_url, path, width=390, height=844) as page:
        page.on("request", lambda r: requests.append(r.url))
        _ready(page)
        for kind in kinds:
            page.select_option(f"{ROOT} select", kind)
            page.wait_for_function(
                "(k) => { const r = document.querySelector('[data-practice]'); return r.practice.kind === k "
                "&& r.querySelector('[data-practice-check]') && !r.querySelector('[data-verdict]'); }",
                arg=kind,
            )
            # Two progressive hints, then the answer.
            page.locator(f"{ROOT} [data-practice-hint]").click()
            page.locator(f"{ROOT} [data-practice-hint]").click()
            assert page.locator(f"{ROOT} [data-hint]").count() == 2
            assert page.locator(f"{ROOT} [data-practice-hint]").is_disabled()
            _answer_right_with_the_mouse(page)
            page.wait_for_selector(f"{ROOT} [data-verdict=right]")
            assert page.locator(f"{ROOT} .practice__explanation").inner_text().strip()
            assert page.locator(f"{ROOT} .practice__figure--answer svg").count() == 1
            rule = page.locator(f"{ROOT} [data-practice-rule]").get_attribute("href")
            anchor = page.evaluate("() => document.querySelector('[data-practice]').practice.exercise.anchor")
            assert rule.endswith("#" + anchor)
            assert "1" in page.locator(f"{ROOT} [data-practice-streak]").inner_text()
            if kind == checked:
                accessible_in_both_palettes(page, csp_url)
            _next(page)
            _answer_wrong_with_the_keyboard(page)
            page.wait_for_selector(f"{ROOT} [data-verdict=wrong]")
            assert "0" in page.locator(f"{ROOT} [data-practice-streak]").inner_text()
            # The result is announced.
            page.wait_for_function("() => document.querySelector('[data-practice-live]').textContent.length > 10")
        # Nothing wider than the 390 px screen.
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert not [url for url in requests if "pyodide" in url], "the bank's exercises need no Pyodide byte"


def test_progress_survives_a_reload_and_a_missed_exercise_comes_back(browser, csp_url):
    with _open(browser, csp_url, "/it/practice/?kind=score&seed=0") as page:
        _ready(page, 0)
        _answer_wrong_with_the_keyboard(page)  # seed 0 wrong: due again after one more exercise
        page.wait_for_selector(f"{ROOT} [data-verdict=wrong]")
        _next(page)
        first = page.locator(ROOT).get_attribute("data-seed")
        _answer_right_with_the_mouse(page)
        page.wait_for_selector(f"{ROOT} [data-verdict=right]")
        page.goto(csp_url + "/it/practice/")  # a reload, without the link's exercise
        _ready(page)
        assert "1" in page.locator(f"{ROOT} [data-practice-streak]").inner_text()
        # The missed exercise is back, and says so.
        assert page.locator(ROOT).get_attribute("data-seed") == "0" != first
        assert page.locator(f"{ROOT} .practice__again").count() == 1
        page.locator(f"{ROOT} .practice__reset").click()
        page.wait_for_function("() => !document.querySelector('.practice__again')")
        assert "0" in page.locator(f"{ROOT} [data-practice-streak]").inner_text()


def test_a_link_opens_exactly_that_exercise(browser, csp_url):
    with _open(browser, csp_url, "/practice/?kind=deduction&rules=classic&seed=81") as page:
        _ready(page, 81)
        assert page.evaluate("() => document.querySelector('[data-practice]').practice.kind") == "deduction:classic"
        link = page.locator(f"{ROOT} [data-practice-link]").get_attribute("href")
        assert link == "?kind=deduction&seed=81&rules=classic"
    with _open(browser, csp_url, "/id/okey-practice/?kind=open&seed=120") as page:
        _ready(page, 120)
        assert page.locator(f"{ROOT} .practice__question").inner_text().startswith(("Bisakah", "Dengan"))


def accessible_in_both_palettes(page, csp_url: str) -> None:
    """No serious problem for axe-core in the light palette, none of colour in the dark one; the light one back."""
    assert axe_problems(page, ROOT, source=csp_url + AXE_PATH) == []
    page.locator("[data-md-component=palette] label:not([hidden])").click()
    assert axe_problems(page, ROOT, rules=("color-contrast", "link-in-text-block")) == []
    page.locator("[data-md-component=palette] label:not([hidden])").click()


# Axe-core in both palettes at 390 px: in test_every_kind_right_and_wrong_from_the_bank (one page for both).


def test_past_the_bank_the_worker_makes_and_checks_the_exercise(browser, csp_url):
    requests = []
    with _open(browser, csp_url, "/practice/?kind=joins&seed=4321") as page:
        page.on("request", lambda r: requests.append(r.url))
        _ready(page, 4321)
        assert page.evaluate("() => document.querySelector('[data-practice]').practice.exercise.fromEngine")
        assert any("pyodide" in url for url in requests)
        _answer_right_with_the_mouse(page)
        page.wait_for_selector(f"{ROOT} [data-verdict=right]")
        _next(page)
        _answer_wrong_with_the_keyboard(page)
        page.wait_for_selector(f"{ROOT} [data-verdict=wrong]")
