"""Compile Python sources to bytecode, run inside Pyodide's own Python (by scripts/hooks/pycompile.mjs).

Bytecode is only good for the Python that wrote it, so the board's runtime is compiled by the Python it runs on:
Pyodide's, under Node.js, at build time. Standard library only.

- ``compile_zip``: a zip of modules (Pyodide's standard library, imported from the zip by ``zipimport``). Each
  ``.py`` becomes a ``.pyc`` in its place, the source left out, as Pyodide's own builds ship it: the standard
  library's sources are 2.5 MB the browser would otherwise compile again at every start.
- ``compile_wheel``: a wheel (the engine), installed as files by Pyodide. Each ``.py`` keeps its source, so
  tracebacks quote the engine's lines, and gains ``__pycache__/<name>.<cache tag>.pyc``, listed in ``RECORD``;
  the catalogs' sources (``.po``, ``.pot``) are left out (the engine reads the compiled ``.mo``).
- ``needed_modules``: the standard library's modules the board needs (``board.py`` ships only those): what Pyodide
  imported to boot and install a package, and the closure of the engine's imports.

Both zips are written uncompressed (stored): the host sends them compressed as a whole (brotli, gzip:
``scripts/hooks/compress.py``), which packs a third smaller than deflating each entry, and ``zipimport`` and the
wheel's unpacking then read their entries as they are.

Every ``.pyc`` is an unchecked hash-based one (PEP 552): valid whatever the files' times after unpacking, and the
same sources give the same bytes. Entries keep their order and their zip times.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import modulefinder
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def _bytecode(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _entry(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, like.date_time)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = like.external_attr
    return info


def compile_zip(source: str, target: str) -> int:
    """``source`` with each module as sourceless bytecode, written to ``target``; the number compiled."""
    compiled = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                zout.writestr(_entry(info.filename + "c", info), _bytecode(data, info.filename))
                compiled += 1
            else:
                zout.writestr(_entry(info.filename, info), data)
    return compiled


#: What the wheel the board installs leaves out of the engine's: the catalogs' sources.
SOURCES = (".po", ".pot")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(source: str, target: str) -> int:
    """``source`` with the bytecode of each module beside it in ``__pycache__``, written to ``target``; the number
    compiled."""
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(source) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    record = next(info for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    # The catalogs' sources (.po, .pot) stay out: the engine reads their compiled .mo, and a board's start writes
    # every file of the wheel into Pyodide's file system.
    entries = [(info, data) for info, data in entries if info is not record and not info.filename.endswith(SOURCES)]
    added: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename.endswith(".py"):
            folder, slash, name = info.filename.rpartition("/")
            cached = f"{folder}{slash}__pycache__/{name[:-3]}.{tag}.pyc"
            added.append((_entry(cached, info), _bytecode(data, info.filename)))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zout:
        for info, data in entries + added:
            zout.writestr(_entry(info.filename, info), data)
        lines = [_record_line(info.filename, data) for info, data in entries + added]
        zout.writestr(_entry(record.filename, record), "\n".join([*lines, f"{record.filename},,"]) + "\n")
    return len(added)


#: What of the engine never runs in a browser, so its imports are not the board's: the command line
#: (``python -m engine``: argparse and the rest), and the Practice bank the site's build makes in processes
#: (multiprocessing).
NOT_IN_BROWSER = ("engine.__main__", "engine.cli", "engine.commands", "engine.core.practice_bank")


class _ImportFinder(modulefinder.ModuleFinder):
    """The modules an import of the engine's loads: every import the engine writes (at module level or inside a
    function, which runs when the board calls it), and each standard module's own module-level imports (what
    importing it runs), with its module ``__getattr__``'s (PEP 562: ``from concurrent.futures import
    ProcessPoolExecutor`` imports ``concurrent.futures.process`` there). A standard module's imports inside its
    other functions are left out: followed, they pull in most of the library (pdb, pydoc, email, http...) for
    functions the engine never calls."""

    def __init__(self, path: list[str], engine_dir: str) -> None:
        super().__init__(path)
        self.engine_dir = engine_dir

    def scan_code(self, co, m) -> None:
        if co.co_name not in ("<module>", "__getattr__") and not (m.__file__ or "").startswith(self.engine_dir):
            return
        super().scan_code(co, m)


def needed_modules(stdlib_sources: str, engine_dir: str, booted: list[str]) -> list[str]:
    """The standard library's modules the board needs, by name: ``booted`` (what Pyodide imported to start and to
    install a package: its own modules, the codecs it looked up), and what importing each module of the engine in
    ``engine_dir`` (its folder in site-packages) loads, found in the library's sources (``stdlib_sources``, a zip of
    Pyodide's ``.py`` files), what never runs in a browser left out (``NOT_IN_BROWSER``)."""
    sources = "/tmp/stdlib-sources"
    with zipfile.ZipFile(stdlib_sources) as archive:
        archive.extractall(sources)
    site_packages = os.path.dirname(engine_dir)
    finder = _ImportFinder([sources, site_packages], engine_dir)
    for folder, _dirs, files in sorted(os.walk(engine_dir)):
        package = os.path.relpath(folder, site_packages).replace(os.sep, ".")
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            module = package if name == "__init__.py" else f"{package}.{name[:-3]}"
            if not module.startswith(NOT_IN_BROWSER):
                finder.import_hook(module)
    found = {name for name, module in finder.modules.items() if (module.__file__ or "").startswith(sources)}
    return sorted(found | set(booted))
