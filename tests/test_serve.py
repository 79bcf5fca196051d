"""scripts/serve.py: the built site as a real host serves it, each language's 404 page for a missing page."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request

import pytest

from scripts.serve import make_server


@pytest.fixture(scope="module")
def served(site_dir):
    server = make_server(site_dir, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("path", "lang"), [("/nowhere/", "en"), ("/id/tidak-ada/", "id"), ("/it/x", "it"), ("/fi/", "fi")]
)
def test_a_missing_page_gets_its_languages_404_page(served, site_dir, path, lang):
    if lang == "fi" and path == "/fi/":
        path = "/fi/ei-ole/"
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(served + path)
    assert caught.value.code == 404
    body = caught.value.read().decode("utf-8")
    expected = site_dir / ("404.html" if lang == "en" else f"{lang}/404.html")
    assert body == expected.read_text(encoding="utf-8")
    assert f'lang="{lang}"' in body


def test_pages_and_the_boards_files_have_their_types(served):
    with urllib.request.urlopen(served + "/play/") as response:
        assert response.status == 200 and response.headers["Content-Type"].startswith("text/html")
    with urllib.request.urlopen(served + "/assets/board/game.mjs") as response:
        assert response.headers["Content-Type"] == "text/javascript"
