"""Compile Python sources to bytecode, run inside Pyodide's own Python (by scripts/hooks/pycompile.mjs).

Bytecode is only good for the Python that wrote it, so the board's runtime is compiled by the Python it runs on:
Pyodide's, under Node.js, at build time. Standard library only.

- ``compile_zip``: a zip of modules (Pyodide's standard library, imported from the zip by ``zipimport``). Each
  ``.py`` becomes a ``.pyc`` in its place, the source left out, as Pyodide's own builds ship it: the standard
  library's sources are 2.5 MB the browser would otherwise compile again at every start.
- ``compile_wheel``: a wheel (the engine), installed as files by Pyodide. Each ``.py`` keeps its source, so
  tracebacks quote the engine's lines, and gains ``__pycache__/<name>.<cache tag>.pyc``, listed in ``RECORD``.

Every ``.pyc`` is an unchecked hash-based one (PEP 552): valid whatever the files' times after unpacking, and the
same sources give the same bytes. Entries keep their order and their zip times.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def _bytecode(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _entry(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, like.date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = like.external_attr
    return info


def compile_zip(source: str, target: str) -> int:
    """``source`` with each module as sourceless bytecode, written to ``target``; the number compiled."""
    compiled = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                zout.writestr(_entry(info.filename + "c", info), _bytecode(data, info.filename))
                compiled += 1
            else:
                zout.writestr(info, data)
    return compiled


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
    entries = [(info, data) for info, data in entries if info is not record]
    added: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename.endswith(".py"):
            folder, slash, name = info.filename.rpartition("/")
            cached = f"{folder}{slash}__pycache__/{name[:-3]}.{tag}.pyc"
            added.append((_entry(cached, info), _bytecode(data, info.filename)))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for info, data in entries + added:
            zout.writestr(info, data)
        lines = [_record_line(info.filename, data) for info, data in entries + added]
        zout.writestr(record, "\n".join([*lines, f"{record.filename},,"]) + "\n")
    return len(added)
