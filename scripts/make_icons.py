"""Draw the app's PNG icons from its SVG (docs/assets/images/icon.svg), in Debian's Chromium.

    .venv/bin/python scripts/make_icons.py

Writes docs/assets/images/icon-192.png, icon-512.png (the SVG as it is) and icon-maskable-512.png (the SVG's
green to the edges, its tiles in the middle 80 %, for launchers that cut their own shape). Run it after changing
the SVG, and commit the PNGs: the build copies them as any image (the manifest is scripts/hooks/offline.py's).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

IMAGES = ROOT / "docs" / "assets" / "images"
PAGE = """<!doctype html><html><head><style>html,body{margin:0;background:{background}}img{display:block;width:{size}px;
height:{size}px}</style></head><body><img src="data:image/svg+xml;base64,{svg}"></body></html>"""


def main() -> int:
    import base64

    from playwright.sync_api import sync_playwright

    svg = (IMAGES / "icon.svg").read_text(encoding="utf-8")
    full = svg.replace('rx="96" fill="#1f5c3a"', 'fill="#1f5c3a"')  # maskable: the background to the edges
    icons = {"icon-192.png": (svg, 192, "transparent"), "icon-512.png": (svg, 512, "transparent")}
    icons["icon-maskable-512.png"] = (full, 512, "#1f5c3a")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, (source, size, background) in icons.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            encoded = base64.b64encode(source.encode()).decode()
            html = PAGE.replace("{svg}", encoded).replace("{size}", str(size))
            page.set_content(html.replace("{background}", background))
            page.screenshot(path=IMAGES / name, omit_background=background == "transparent")
            page.close()
            print(f"wrote {IMAGES / name}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
