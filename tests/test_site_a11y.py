"""Accessibility: axe-core finds no serious or critical violation on any page, in either palette.

Every rule runs in the light palette; in the dark one only the rules that depend on colours, since the palettes
differ in colour alone (Material swaps its colour variables) and the other rules would see the same page twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site_pages import LOCALES, page_paths

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
# axe's rules that read colours (tags "cat.color"): the ones the dark palette can change.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", LOCALES)
def test_axe_finds_no_serious_violation(page, site_url, lang, scheme):
    page.emulate_media(color_scheme=scheme)
    problems = []
    for path in page_paths(lang):
        page.goto(f"{site_url}/{path}")
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(
            "async (rules) => { const options = {resultTypes: ['violations']};"
            " if (rules) options.runOnly = rules;"
            " const r = await axe.run(document, options);"
            " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
            " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }",
            None if scheme == "light" else COLOUR_RULES,
        )
        for violation in result:
            if violation["impact"] in ("serious", "critical"):
                problems.append(
                    f"/{path} [{scheme}] {violation['id']} ({violation['impact']}): "
                    f"{violation['help']} at {violation['nodes']}"
                )
    assert not problems, "\n".join(problems)
