"""MkDocs hook: every text and runtime file of the built site, precompressed beside itself (brotli and gzip).

At the end of the whole build (every locale built, the service worker and the manifest written), each file worth
compressing (``COMPRESSIBLE``: pages, scripts, styles, data, Pyodide's wasm, the standard library's zip and the
engine's wheel, both stored uncompressed for this) gets ``NAME.br`` and ``NAME.gz`` beside it, when they are
smaller. ``python -m server`` (``server/static.py``) sends one of them as the request's ``Accept-Encoding``
allows; other hosts do the same with their own switch (README, "Deploying": nginx's ``gzip_static`` and
``brotli_static``, Caddy's ``precompressed``). A first game's download goes from 17 MB to under 6.

Brotli at quality 9 (``QUALITY``: quality 11 packs the wasm 12 % smaller but takes a minute, where 9 takes five
seconds) and gzip at level 6 (the fallback of the few browsers without brotli). Compressing the whole site (190 MB,
most of it the Practice bank, which packs to a twentieth) takes some twelve seconds of one core; each result is kept
in ``.cache/compressed/`` under the hash of what was compressed, so a build compresses only what changed since the
last one (entries unused for a week are dropped). Pyodide's own files change only with Pyodide: ``scripts/test``
compresses them ahead, in the background while it installs the rest (``compress.py FILE...``, as a command).
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import brotli
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.compress")

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "compressed"
COMPRESSIBLE = {
    ".html",
    ".css",
    ".js",
    ".mjs",
    ".json",
    ".jsonl",
    ".svg",
    ".xml",
    ".txt",
    ".webmanifest",
    ".wasm",
    ".zip",
    ".whl",
}
SMALLEST = 1024  # bytes: a smaller file gains less than its request's headers
QUALITY = 9
KEEP_DAYS = 7


def _brotli(data: bytes) -> bytes:
    return brotli.compress(data, quality=QUALITY)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6, mtime=0)  # no time inside: the same file gives the same bytes


ENCODERS = {".br": _brotli, ".gz": _gzip}


def compressed(data: bytes, suffix: str) -> bytes:
    """``data`` compressed for ``suffix`` (``.br``, ``.gz``), from the cache or made and kept there."""
    key = CACHE / f"{hashlib.sha256(data).hexdigest()}-{QUALITY}{suffix}"
    if key.exists():
        os.utime(key)  # used: kept another week
        return key.read_bytes()
    packed = ENCODERS[suffix](data)
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = key.with_name(f"{key.name}.{os.getpid()}.partial")
    partial.write_bytes(packed)
    os.replace(partial, key)  # whole or not at all, for builds at the same time
    return packed


def transferred(path: Path) -> int:
    """The bytes a host sends for ``path``: its brotli copy's, when the build writes one."""
    data = path.read_bytes()
    if path.suffix not in COMPRESSIBLE or len(data) < SMALLEST:
        return len(data)
    return min(len(data), len(compressed(data, ".br")))


def compress_site(site: Path) -> tuple[int, int, int]:
    """Write the compressed copies of every file of ``site`` worth it; (files, bytes before, brotli bytes)."""
    files = before = after = 0
    for path in sorted(site.rglob("*")):
        if path.suffix not in COMPRESSIBLE or not path.is_file() or path.stat().st_size < SMALLEST:
            continue
        data = path.read_bytes()
        files += 1
        before += len(data)
        for suffix in ENCODERS:
            target = path.with_name(path.name + suffix)
            packed = compressed(data, suffix)
            if len(packed) < len(data):
                target.write_bytes(packed)
                shutil.copystat(path, target)  # the same time: an ETag of the copy changes with the file
                after += len(packed) if suffix == ".br" else 0
            elif target.exists():
                target.unlink()
    return files, before, after


def prune_cache(days: int = KEEP_DAYS) -> None:
    if not CACHE.is_dir():
        return
    old = time.time() - days * 86400
    for entry in CACHE.iterdir():
        if entry.stat().st_mtime < old:
            entry.unlink(missing_ok=True)


@event_priority(-200)  # the very last: after every locale's build, the search indexes, the service worker
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return  # one locale's end, inside the default language's post-build step: the whole build ends later
    started = time.perf_counter()
    files, before, after = compress_site(Path(config.site_dir))
    prune_cache()
    log.info(
        f"compress: {files} files, {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB brotli, "
        f"in {time.perf_counter() - started:.1f} s"
    )


def main(paths: list[str]) -> int:
    """``compress.py FILE...``: fill the cache with the files' compressed copies, ahead of a build."""
    for name in paths:
        data = Path(name).read_bytes()
        for suffix in ENCODERS:
            compressed(data, suffix)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
