"""A tiny MkDocs site of its own, for the tests of one build hook: Material, English and Finnish
(mkdocs-static-i18n), and the Markdown extensions the site's pages use around diagrams."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

MKDOCS = Path(sys.executable).parent / "mkdocs"


def site_config(name: str, hook: Path) -> str:
    """The ``mkdocs.yml`` of a site called ``name`` whose one hook is ``hook``."""
    return f"""\
site_name: {name}
use_directory_urls: true
theme:
  name: material
  font: false
hooks:
  - {hook}
markdown_extensions: [admonition, attr_list, md_in_html, pymdownx.superfences]
plugins:
  - i18n:
      docs_structure: suffix
      languages:
        - {{locale: en, default: true, name: English, build: true}}
        - {{locale: fi, name: Suomi, build: true}}
"""


def make_site(root: Path, config: str, pages: dict[str, str]) -> Path:
    """The site in ``root``: its ``mkdocs.yml`` and its pages in ``docs/`` (name -> Markdown)."""
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    docs = root / "docs"
    docs.mkdir()
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    return root


def build(site: Path) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` in ``site``, its output captured."""
    return subprocess.run(
        [str(MKDOCS), "build", "--strict"], cwd=site, capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1"}
    )


def built_site(site: Path) -> Path:
    """The site built by ``build``, which must pass: its ``site/`` folder."""
    result = build(site)
    assert result.returncode == 0, result.stderr
    return site / "site"


def figures(page: Path, figure_class: str) -> list[str]:
    """The ``<figure>`` elements of a built page whose class starts with ``figure_class``, as text."""
    return re.findall(rf'<figure class="{figure_class}.*?</figure>', page.read_text(encoding="utf-8"), re.S)
