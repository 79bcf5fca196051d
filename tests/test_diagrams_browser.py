"""The diagrams in Chromium, on the built site: visible, legible in both palettes, steppable, CSP-clean.

Screenshots of every checked page go to test-results/diagrams/ for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.i18n import LANGUAGES
from engine.sniff.render.legend import figure_text
from tests.support.browser import PageWatch, axe_problems, transitions_over
from tests.support.server import serve
from tests.test_board_stress_browser import BROKEN_WORDS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-results" / "diagrams"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
PALETTES = ("default", "slate")  # Material's light and dark schemes
WIDTHS = {"desktop": 1280, "phone": 390}


def locale_path(lang: str, page: str = "diagrams/") -> str:
    return f"/{page}" if lang == "en" else f"/{lang}/{page}"


def luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = (luminance(tuple(float(n) for n in re.findall(r"[\d.]+", colour))) for colour in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


COLOURS = """() => {
  const background = element => {
    for (; element; element = element.parentElement) {
      const colour = getComputedStyle(element).backgroundColor;
      if (!/rgba\\(.*, 0\\)$/.test(colour) && colour !== "transparent") return colour;
    }
    return "rgb(255, 255, 255)";
  };
  const figure = document.querySelector("figure.sniff-diagram");
  const style = (selector, property) => getComputedStyle(figure.querySelector(selector))[property];
  return {
    table: style(".sniff-picture", "backgroundColor"),
    tile: style(".tile-body", "fill"),
    edge: style(".tile-body", "stroke"),
    pip: style(".pip", "fill"),
    spinner: style(".tile.sniff > .tile-body", "stroke"),
    badge: style(".badge-disc", "fill"),
    number: style(".counted", "fill"),
    join: style(".join", "stroke"),
    caption: style(".sniff-summary", "color"),
    page: background(figure.querySelector(".sniff-summary")),
  };
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_diagrams_render_and_read_well(page, site_url, width):
    """In both palettes, one after the other on the same page (a palette is a class on the body)."""
    page.set_viewport_size({"width": WIDTHS[width], "height": 900})
    page.goto(site_url + locale_path("fi"))
    figures = page.locator("figure.sniff-diagram")
    assert figures.count() >= 4
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in PALETTES:
        page.evaluate("(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)", scheme)
        transitions_over(page)
        check_figures(page, figures, scheme, width)


def check_figures(page, figures, scheme: str, width: str) -> None:
    page.screenshot(path=str(SHOTS / f"fi-diagrams-{scheme}-{width}.png"), full_page=True)
    for i in range(figures.count()):
        figure = figures.nth(i)
        figure.scroll_into_view_if_needed()
        svg = figure.locator(".sniff-step:not([hidden]) svg, .sniff-picture svg").first
        box = svg.bounding_box()
        assert box and box["width"] > 50 and box["height"] > 40, f"figure {i} is not drawn"
        assert box["width"] <= WIDTHS[width], f"figure {i} is wider than the screen"
        # Legible: a tile's half at least 12 px, a pip at least 3 px across, a badge's digit 10 px high.
        tile = figure.locator(".sniff-step:not([hidden]) .tile-body, .sniff-picture .tile-body").first.bounding_box()
        assert min(tile["width"], tile["height"]) >= 12, f"figure {i}: tiles too small ({tile})"
        if figure.locator(".pip").count():  # [0|0] has none
            assert figure.locator(".pip").first.bounding_box()["width"] >= 3
        # Not blank: the picture looks different with its drawing hidden.
        drawn = svg.screenshot()
        (SHOTS / f"fi-diagrams-{scheme}-{width}-figure-{i + 1}.png").write_bytes(drawn)
        svg.evaluate("svg => svg.querySelectorAll(':scope > g').forEach(g => g.style.visibility = 'hidden')")
        assert svg.screenshot() != drawn, f"figure {i} draws nothing"
        svg.evaluate("svg => svg.querySelectorAll(':scope > g').forEach(g => g.style.visibility = '')")
    colours = page.evaluate(COLOURS)
    assert colours["tile"] != colours["page"], scheme
    assert max(contrast(colours["tile"], colours["table"]), contrast(colours["edge"], colours["table"])) >= 3
    assert contrast(colours["pip"], colours["tile"]) >= 7
    assert contrast(colours["number"], colours["badge"]) >= 4.5
    for mark in ("badge", "join", "spinner"):
        assert contrast(colours[mark], colours["table"]) >= 3, f"{mark} on the table in {scheme} ({colours})"
    assert contrast(colours["caption"], colours["page"]) >= 4.5, scheme


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sequence_steps_with_buttons_and_keys_and_announces_each_step(page, site_url, lang):
    """On each language's rules page on a phone, whose step buttons break between words, never inside one
    (issue 15, item 13)."""
    words = figure_text(lang)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + locale_path(lang, "rules/"))
    page.wait_for_selector(".sniff-controls button")
    assert page.evaluate(BROKEN_WORDS, ".sniff-controls button, .sniff-controls .sniff-position") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    sequence = page.locator("figure.sniff-sequence").first
    steps = sequence.locator(".sniff-step")
    count = steps.count()
    assert count >= 2
    previous, next_ = sequence.locator(".sniff-previous"), sequence.locator(".sniff-next")
    assert previous.inner_text() == words.previous and next_.inner_text() == words.next
    status = sequence.locator(".sniff-status")
    try_it = sequence.locator(".sniff-try-link")

    def visible() -> list[int]:
        return [i for i in range(count) if steps.nth(i).is_visible()]

    assert visible() == [0]
    assert previous.get_attribute("aria-disabled") == "true"
    assert status.inner_text() == "", "nothing is announced before the reader moves"
    next_.click()
    assert visible() == [1]
    assert status.text_content() == " ".join(steps.nth(1).locator(".sniff-step-text").text_content().split())
    assert try_it.get_attribute("href") == steps.nth(1).get_attribute("data-sandbox")
    # The keyboard: Tab reaches the buttons; arrows, Home and End move; focus never gets lost.
    next_.focus()
    page.keyboard.press("End")
    assert visible() == [count - 1]
    assert next_.get_attribute("aria-disabled") == "true"
    page.keyboard.press("Enter")  # on the last step, Next does nothing and keeps the focus
    assert visible() == [count - 1]
    assert page.evaluate("document.activeElement.classList.contains('sniff-next')")
    page.keyboard.press("ArrowLeft")
    assert visible() == [count - 2]
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.classList.contains('sniff-previous')")
    page.keyboard.press("Home")
    assert visible() == [0]


def test_without_javascript_every_step_shows_in_order(browser, site_url):
    # A visitor of the shared profile (no second Chromium launched for it), the page's scripts turned off as
    # Playwright's java_script_enabled=False does.
    context = browser.visit()
    page = context.new_page()
    page.context.new_cdp_session(page).send("Emulation.setScriptExecutionDisabled", {"value": True})
    watch = PageWatch(page)
    page.goto(site_url + locale_path("it"))
    sequence = page.locator("figure.sniff-sequence").first
    steps = sequence.locator(".sniff-step")
    assert steps.count() >= 2
    labels = [steps.nth(i).locator(".sniff-step-label").inner_text() for i in range(steps.count())]
    assert labels == [f"Passo {n} di {steps.count()}" for n in range(1, steps.count() + 1)]
    assert all(steps.nth(i).is_visible() for i in range(steps.count()))
    assert not sequence.locator(".sniff-controls").is_visible()
    context.close()
    watch.assert_clean()


def test_the_diagrams_work_under_a_strict_content_security_policy(browser, site_dir):
    with serve(site_dir, {"Content-Security-Policy": CSP}) as url:
        context = browser.visit()
        page = context.new_page()
        watch = PageWatch(page)
        # Only the diagrams' own violations: in a figure, or from their script or stylesheet.
        page.add_init_script(
            """window.violations = [];
            document.addEventListener("securitypolicyviolation", e => {
              const inFigure = e.target instanceof Element && e.target.closest("figure.sniff-diagram");
              if (inFigure || /diagrams\\.(js|css)/.test(e.sourceFile + " " + e.blockedURI)) {
                window.violations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile);
              }
            });"""
        )
        page.goto(url + locale_path("id"))
        sequence = page.locator("figure.sniff-sequence").first
        sequence.locator(".sniff-next").click()
        assert sequence.locator(".sniff-step").nth(1).is_visible()
        badge = page.locator("figure.sniff-diagram .badge-disc").first
        assert badge.evaluate("e => getComputedStyle(e).fill") == "rgb(31, 92, 58)", "the stylesheet applies"
        assert page.evaluate("window.violations") == []
        context.close()
        # The page's other content is not the diagrams' business; its CSP reports are filtered above.
        assert not watch.page_errors and not watch.outside_requests
        assert [e for e in watch.console_errors if "Content Security Policy" not in e] == []


def test_no_serious_accessibility_problem_in_the_figures(page, site_url):
    page.goto(site_url + locale_path("fi", "rules/"))
    assert axe_problems(page, "figure.sniff-diagram") == []
