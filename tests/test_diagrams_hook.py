"""The diagrams' build hook (scripts/hooks/diagrams.py), on a tiny MkDocs site of its own."""

from __future__ import annotations

import html
import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

import pytest

from engine.sniff import parse_layout
from engine.sniff.render.legend import figure_text, legend
from engine.sniff.render.text import describe
from tests.support import mkdocs_site
from tests.support.mkdocs_site import build, built_site, figures, site_config

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "scripts" / "hooks" / "diagrams.py"
_spec = importlib.util.spec_from_file_location("diagrams_hook", HOOK)
hook = sys.modules["diagrams_hook"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hook)

WORKED_EXAMPLE = "4|4\n4|6 on 4|4 line-a\n1|4 on 4|4 line-b\n2|4 on 4|4 branch-a\n"

CONFIG = site_config("Diagrams test", HOOK)

PAGE = """\
---
title: Diagrams
---
# Diagrams

A paragraph right before the block.
```sniff last
1|4
1|1 on 1|4 low
```

!!! note "In an admonition"

    ```sniff
    2|2
    ```

- In a list:

    ```sniff file=double-six.sniff
    ```

How to write one:

````markdown
```sniff
not a layout, only an example
```
````

```sniff sequence
4|4
4|6 on 4|4 line-a
1|4 on 4|4 line-b
2|4 on 4|4 branch-a
```

~~~ sniff sequence steps=2,4 file=double-six.sniff
~~~
"""


def make_site(tmp_path: Path, pages: dict[str, str]) -> Path:
    mkdocs_site.make_site(tmp_path, CONFIG, pages)
    (tmp_path / "diagrams").mkdir()
    (tmp_path / "diagrams" / "double-six.sniff").write_text(
        "3|6\n6|6 on 3|6 high\n2|6 on 6|6 line-b\n2|2 on 2|6 low\n", encoding="utf-8"
    )
    return tmp_path


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    site = make_site(
        tmp_path_factory.mktemp("diagrams-site"),
        {
            "index.md": PAGE,
            "index.fi.md": PAGE.replace("# Diagrams", "# Kaaviot"),
            "play.md": "# Play\n",
            "glossary.md": "# Glossary\n\n## Counted value {#counted-value}\n\n## Legal join {#legal-join}\n\n"
            "## Sniff {#sniff}\n",
        },
    )
    return built_site(site)


def test_each_sniff_block_becomes_a_figure_with_the_engines_svg(built):
    found = figures(built / "index.html", "sniff-diagram")
    assert len(found) == 5
    for figure in found:
        ET.fromstring(figure.replace("&nbsp;", " "))  # well-formed, SVG and all
    assert "not a layout, only an example" in (built / "index.html").read_text(encoding="utf-8")
    assert "SNIFFDIAGRAM" not in (built / "index.html").read_text(encoding="utf-8")


def test_a_figure_is_never_inside_a_paragraph(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<p>[^<]*<figure", page)
    assert re.search(r'<div class="admonition note">.*?<figure class="sniff-diagram"', page, re.S)
    assert re.search(r"<li>.*?<figure class=\"sniff-diagram\"", page, re.S)


@pytest.mark.parametrize(("folder", "lang"), [("", "en"), ("fi/", "fi")])
def test_the_caption_legend_and_svg_are_in_the_pages_language(built, folder, lang):
    figure = figures(built / folder / "index.html", "sniff-diagram")[0]
    text = describe(parse_layout("1|4\n1|1 on 1|4 low\n"), lang)
    assert f'lang="{lang}"' in figure
    assert f'<span class="sniff-heading">{html.escape(text.heading)}</span>' in figure
    assert f'<span class="sniff-summary">{html.escape(text.caption)}</span>' in figure
    assert html.escape(text.description) in figure, "the SVG's long description"
    words = legend(lang)
    for kind, anchor in (("counted", "counted-value"), ("join", "legal-join"), ("sniff", "sniff")):
        sentence = words.rows[kind]
        assert f'<a href="glossary/#{anchor}">{html.escape(sentence)}</a>' in figure
    assert html.escape(words.rows["last"]) in figure, "the last tile is highlighted, so the legend says so"


def test_the_legend_links_to_the_glossary_of_the_same_locale(built):
    assert 'href="glossary/#counted-value"' in figures(built / "index.html", "sniff-diagram")[0]
    assert 'href="glossary/#counted-value"' in figures(built / "fi" / "index.html", "sniff-diagram")[0]
    # The home page of each locale sits at its root, next to that locale's glossary folder.
    assert (built / "glossary" / "index.html").exists() and (built / "fi" / "glossary" / "index.html").exists()


def test_try_it_opens_the_layout_on_the_play_page_of_the_same_locale(built):
    figure = figures(built / "fi" / "index.html", "sniff-diagram")[0]
    href = html.unescape(re.search(r'class="sniff-try-link" href="([^"]+)"', figure).group(1))
    assert href == "play/?sandbox=1%7C4%3B1%7C1%20on%201%7C4%20low"
    assert unquote(href.split("=", 1)[1]) == "1|4;1|1 on 1|4 low"
    assert f">{figure_text('fi').try_it}</a>" in figure


def test_a_sequence_draws_every_step_at_build_time(built):
    sequence = figures(built / "index.html", "sniff-diagram")[3]
    assert 'class="sniff-diagram sniff-sequence"' in sequence
    steps = re.findall(r'<li class="sniff-step".*?</li>', sequence, re.S)
    assert len(steps) == 4
    for n, (step, sums) in enumerate(
        zip(steps, ("8 = 8", "8 + 6 = 14", "1 + 4 + 4 + 6 = 15", "1 + 2 + 4 + 6 = 13"), strict=True), 1
    ):
        assert f"Step {n} of 4" in step and sums in step
        assert '<g class="tile sniff' in step and ' last"' in step
    frames = {re.search(r'<svg [^>]*viewBox="([^"]+)"', step).group(1) for step in steps}
    assert len(frames) == 1, "every step has the same frame"
    controls = re.search(r'<div class="sniff-controls" hidden="">.*?</div>', sequence, re.S).group(0)
    assert ">Previous</button>" in controls and ">Next</button>" in controls
    assert 'role="status"' in controls and 'aria-live="polite"' in controls
    last_step = re.findall(r'data-sandbox="([^"]+)"', sequence)[-1]
    assert f'class="sniff-try-link" href="{last_step}"' in sequence, "without JavaScript, Try it opens the last step"


def test_chosen_steps_of_a_file(built):
    sequence = figures(built / "fi" / "index.html", "sniff-diagram")[4]
    steps = re.findall(r'<li class="sniff-step".*?</li>', sequence, re.S)
    assert [re.search(r'sniff-step-label">([^<]+)<', s).group(1) for s in steps] == ["Vaihe 1/2", "Vaihe 2/2"]
    assert "Asetettu [6|6]" in steps[0] and "Asetettu [2|2]" in steps[1]


def test_ids_are_unique_on_the_page(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    for labelled in re.findall(r'aria-labelledby="([^"]+)"', page):
        for target in labelled.split():
            assert target in ids


def test_no_inline_script_or_style(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    for figure in figures(built / "index.html", "sniff-diagram"):
        assert "<script" not in figure and "<style" not in figure and " style=" not in figure
        assert not re.search(r" on[a-z]+=", figure), "no event handler attributes"
    assert page.count("<figure") == 5


# -- broken blocks -------------------------------------------------------------------------------------------------


BROKEN = """\
---
title: Broken
---
# Broken

Some text.

```sniff
1|4
1|1 on 1|4 low
2|5 on 1|4 high
```
"""


def test_a_broken_diagram_fails_the_strict_build_with_the_page_line_and_reason(tmp_path):
    site = make_site(tmp_path, {"index.md": "# Home\n", "rules.md": BROKEN})
    result = build(site)
    assert result.returncode != 0
    assert "docs/rules.md:11: sniff diagram: [2|5] does not match the open value 4 of [1|4] high" in result.stderr, (
        result.stderr
    )
    assert "Aborted" in result.stdout + result.stderr
    assert result.stderr.count("does not match") == 1, "one warning, though every locale builds the page"


def test_an_unclosed_block_fails_the_build(tmp_path):
    site = make_site(tmp_path, {"index.md": "# Home\n\n```sniff\n1|4\n"})
    result = build(site)
    assert result.returncode != 0
    assert "docs/index.md:3: sniff diagram: the block is not closed" in result.stderr


def read(options: str, body: str = "", line: int = 10):
    return hook.read_block(options.split(), body, line, ROOT / "diagrams")


@pytest.mark.parametrize(
    ("options", "body", "line", "reason"),
    [
        ("", "1|4\n2|2 on 1|4 low\n", 12, "[2|2] does not match the open value 1 of [1|4] low"),
        ("", "# only a comment\n", 10, "the block has no tiles: write the opening tile first, for example 1|4"),
        ("big", "1|4\n", 10, 'unknown option "big": use last, sequence, steps=1,2,3 or file=NAME.sniff'),
        ("steps=1", "1|4\n", 10, "steps= needs the sequence option"),
        ("sequence steps=1,x", "1|4\n", 10, '"steps=1,x": steps are placement numbers'),
        ("sequence steps=2", "1|4\n", 10, "step 2 does not exist: the layout has 1 placements"),
        ("sequence steps=1,1", "1|4\n", 10, "steps must go up, each once: steps=1,1"),
        ("file=nope.sniff", "", 10, "does not exist"),
        ("file=../secret.sniff", "", 10, '"../secret.sniff" is not a diagram file name'),
        ("file=worked-example.sniff", "1|4\n", 11, "the layout comes from worked-example.sniff: leave the block empty"),
    ],
)
def test_a_bad_block_names_the_line_in_the_page_and_the_reason(options, body, line, reason):
    with pytest.raises(hook.BlockError) as caught:
        read(options, body)
    assert caught.value.line == line
    assert reason in caught.value.reason


def test_an_error_in_a_diagram_file_names_the_file_and_its_line(tmp_path):
    (tmp_path / "bad.sniff").write_text("1|4\n\n7|7 on 1|4 high\n", encoding="utf-8")
    with pytest.raises(hook.BlockError) as caught:
        hook.read_block(["file=bad.sniff"], "", 5, tmp_path)
    assert caught.value.line == 5
    assert caught.value.reason.endswith("bad.sniff, line 3: 7|7 is not a double-six tile")


def test_options_and_files():
    diagram = read("file=worked-example.sniff")
    assert len(diagram.layout) == 4 and not diagram.last and diagram.steps == ()
    assert read("last", "1|4\n").last
    assert read("sequence", WORKED_EXAMPLE).steps == (1, 2, 3, 4)
    assert read("sequence steps=3,4", WORKED_EXAMPLE).steps == (3, 4)


def test_every_diagram_file_of_the_site_reads():
    for path in sorted((ROOT / "diagrams").glob("*.sniff")):
        assert len(read(f"file={path.name}").layout) >= 1
    assert (ROOT / "diagrams" / "README.md").exists()
