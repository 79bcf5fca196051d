"""Every page, served as a deployment serves it (with its Content-Security-Policy): axe-core finds no serious or
critical violation in either palette, and nothing on the page breaks the policy.

Each page is loaded once. Every axe rule runs in the light palette; then the visitor's palette toggle switches to
the dark one and the rules that read colours run again: the palettes differ in colour alone (Material swaps its
colour variables), so the other rules would see the same page twice.

What a page costs is the browser's, not the test's: one round trip per page (``PAGE``) runs all of it in the page.
axe comes from the test server itself (tests.support.server AXE_PATH), from the site's own origin, so the policy's
script-src 'self' lets it run; it is told to leave out what the test never reads (each checked node's HTML, ``noHtml``;
the CSS selectors of every result, ``selectors: false``): a violation's elements are named by the test from the
elements themselves (``elementRef``), and only when there is one. The rules whose own impact is minor or moderate
are left off: axe gives every violation of a rule that has an impact that impact, so none of theirs could ever be
serious or critical (axe-core 4.14: the landmark, region, heading-order and like best-practice rules).
The toggle is the visitor's own label, clicked in the page (``label.click()``: the click event a pointer gives it,
which checks the dark palette's radio), so no pointer is left hovering over a control when the colours are measured,
and no actionability checks of Playwright's run in every page (axe checks the toggle's name and role with the rest
of the header)."""

from __future__ import annotations

import pytest

from tests.site_pages import LOCALES, page_paths
from tests.support.browser import AXE_PATH, TRANSITIONS_OVER, serious, visitor_page
from tests.support.server import CSP, serve

# axe's rules that read colours (tag "cat.color", less the AAA one axe leaves off by default).
COLOUR_RULES = ("color-contrast", "link-in-text-block")

#: One page's whole check, in the page: its palette as it opens; axe's violations (rule, impact, help, where) in the
#: light palette, every rule; the same in the dark palette, the colour rules; the policy's violations. The next page
#: opens in the light palette again (localStorage cleared). Colours are measured as they stand: not halfway through
#: a transition (Material's colour transitions: 125 ms), however slow the machine.
PAGE = """async ([axeUrl, colourRules]) => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  const settled = TRANSITIONS_OVER; // tests.support.browser's, written in below
  const name = (element) => {
    const parts = [];
    for (let e = element; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
      if (e.id) { parts.unshift(`${e.localName}#${CSS.escape(e.id)}`); break; }
      parts.unshift([e.localName, ...[...e.classList].map((c) => CSS.escape(c))].join("."));
    }
    return parts.join(" > ");
  };
  const audit = async (options) => {
    const lean = {resultTypes: ["violations"], selectors: false, elementRef: true, rules: unheard};
    const result = await axe.run(document, {...lean, ...options});
    return result.violations.map((v) => [v.id, v.impact, v.help, v.nodes.map((n) => name(n.element)).join(", ")]);
  };
  const scheme = document.body.dataset.mdColorScheme;
  if (typeof axe === "undefined") {
    await new Promise((done, fail) => {
      const script = Object.assign(document.createElement("script"), {src: axeUrl, onload: done});
      script.onerror = () => fail(new Error(`axe did not load from ${axeUrl}`));
      document.head.append(script);
    });
  }
  axe.configure({noHtml: true});
  // A rule's violations carry the rule's own impact (axe's finalizeRuleResult): one that is minor or moderate can
  // never be serious or critical, so it is left off (a rule with no impact of its own stays).
  const unheard = {};
  for (const rule of axe._audit.rules) {
    if (["minor", "moderate"].includes(rule.impact)) unheard[rule.id] = {enabled: false};
  }
  await settled();
  const light = await audit({});
  document.querySelector("[data-md-component=palette] label:not([hidden])").click();
  for (const deadline = performance.now() + 10000; document.body.dataset.mdColorScheme !== "slate"; await frame()) {
    if (performance.now() > deadline) throw new Error("the palette toggle did not switch to the dark palette");
  }
  await settled();
  const dark = await audit({runOnly: colourRules});
  const violations = window.violations;
  localStorage.clear();
  return {scheme, light, dark, violations};
}""".replace("TRANSITIONS_OVER", TRANSITIONS_OVER)


@pytest.fixture(scope="session")
def cached_csp_url(site_dir):
    """``csp_url``'s site and policy, its files kept by the browser for the session: the stylesheets, scripts, fonts,
    search index and axe that every page shares are fetched once, not revalidated on every page. The session's
    site/ does not change, and the server's port is its own until the session ends."""
    with serve(site_dir, {"Content-Security-Policy": CSP}, cache_control="max-age=86400") as url:
        yield url


@pytest.mark.browser
@pytest.mark.parametrize("lang", LOCALES)
def test_every_page_is_accessible_in_both_palettes_and_keeps_to_the_csp(browser, cached_csp_url, lang):
    csp_url = cached_csp_url
    paths = page_paths(lang)
    problems: list[str] = []
    # The policy's violations are collected page by page below; the visitor's own check sees only the last page.
    with visitor_page(browser, f"{csp_url}/{paths[0]}", violations=False) as page:
        for index, path in enumerate(paths):
            if index:
                page.goto(f"{csp_url}/{path}")
            found = page.evaluate(PAGE, [csp_url + AXE_PATH, list(COLOUR_RULES)])
            assert found["scheme"] == "default", path
            problems += [f"/{path} [light] {p}" for p in serious(found["light"])]
            problems += [f"/{path} [dark] {p}" for p in serious(found["dark"])]
            problems += [f"/{path}: breaks the CSP: {v}" for v in found["violations"]]
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
