"""Every page, served as a deployment serves it (with its Content-Security-Policy): axe-core finds no serious or
critical violation in either palette, and nothing on the page breaks the policy.

Each page is loaded once. Every axe rule runs in the light palette; then the visitor's palette toggle switches to
the dark one and the rules that read colours run again: the palettes differ in colour alone (Material swaps its
colour variables), so the other rules would see the same page twice."""

from __future__ import annotations

import pytest

from tests.site_pages import LOCALES, page_paths
from tests.support.browser import AXE_PATH, axe_problems, visitor_page

# axe's rules that read colours (tag "cat.color", less the AAA one axe leaves off by default).
COLOUR_RULES = ("color-contrast", "link-in-text-block")


@pytest.mark.browser
@pytest.mark.parametrize("lang", LOCALES)
def test_every_page_is_accessible_in_both_palettes_and_keeps_to_the_csp(browser, csp_url, lang):
    paths = page_paths(lang)
    problems: list[str] = []
    # axe comes from the test server itself (tests.support.server AXE_PATH), from the site's own origin, so the
    # policy's script-src 'self' lets it run. The policy's violations are collected page by page below; the
    # visitor's own check sees only the last page.
    with visitor_page(browser, f"{csp_url}/{paths[0]}", violations=False) as page:
        for index, path in enumerate(paths):
            if index:
                page.goto(f"{csp_url}/{path}")
            assert page.evaluate("() => document.body.dataset.mdColorScheme") == "default", path
            problems += [f"/{path} [light] {p}" for p in axe_problems(page, source=csp_url + AXE_PATH)]
            page.locator("[data-md-component=palette] label:not([hidden])").click()
            page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
            problems += [f"/{path} [dark] {p}" for p in axe_problems(page, rules=COLOUR_RULES)]
            problems += [f"/{path}: breaks the CSP: {v}" for v in page.evaluate("() => window.violations")]
            page.evaluate("() => localStorage.clear()")  # the next page opens in the light palette again
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_aligned_table_columns_stay_aligned_under_the_csp(browser, csp_url):
    """Markdown's column alignment arrives as classes (scripts/hooks/table_align.py), not inline styles."""
    with visitor_page(browser, f"{csp_url}/rules/") as page:
        aligned = page.evaluate(
            "() => [...document.querySelectorAll('th.sniff-align-center, td.sniff-align-center')]"
            ".map((cell) => getComputedStyle(cell).textAlign)"
        )
    assert aligned and set(aligned) == {"center"}
