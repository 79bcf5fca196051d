"""The board's runtime compiled ahead of time: Pyodide's standard library and the engine wheel as bytecode.

Without it, every start of a board compiles the standard library's modules it imports (asyncio, typing, json and
some 190 more) and then the engine's, in WebAssembly: about 3 s of a 4 s start on the machines the tests run on.
Bytecode must come from the Python that runs it, so Pyodide's own Python compiles it, under Node.js
(``pycompile.mjs``, ``pycompile_inside.py``).

The compiled standard library depends only on Pyodide's files and on how it is compiled: it is kept in
``.cache/pyodide/`` under a name made of both, and made again only when either changes (a few seconds). The wheel
changes with the engine and is compiled at every build (about a second), by a Pyodide that boots from the compiled
standard library. The same run lists the standard library's modules the board needs (``needed_modules`` in
``pycompile_inside.py``), and the site carries only those (``trim_stdlib``): some 170 of the library's 560
modules, 2.1 MB of its 10.5 (1.3 of 4.5 compressed).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CACHE = ROOT / ".cache" / "pyodide"
STDLIB = "python_stdlib.zip"


def _digest(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cached_stdlib(pyodide_dir: Path) -> Path:
    """Where the compiled standard library of the Pyodide in ``pyodide_dir`` is kept (it may not be there yet)."""
    key = _digest(pyodide_dir / STDLIB, pyodide_dir / "pyodide.asm.wasm", HERE / "pycompile_inside.py")
    return CACHE / f"python_stdlib-{key}.zip"


def _node(jobs: dict, workdir: Path) -> dict:
    node = shutil.which("node")
    if node is None:
        raise PluginError("board: Node.js is needed to compile the board's Python with Pyodide (install nodejs)")
    path = workdir / "pycompile-jobs.json"
    path.write_text(json.dumps(jobs), encoding="utf-8")
    done = subprocess.run(
        [node, str(HERE / "pycompile.mjs"), str(path)], capture_output=True, text=True, timeout=600, check=False
    )
    if done.returncode:
        output = (done.stderr or done.stdout).strip().splitlines()
        raise PluginError(f"board: compiling the board's Python in Pyodide failed: {output[-1] if output else ''}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _compile(pyodide_dir: Path, wheel: tuple[Path, Path] | None, workdir: Path) -> tuple[Path, list[str]]:
    """Run one Node.js job: the standard library compiled into the cache when it is not there yet, and ``wheel``
    (source, target) compiled when given, by a Pyodide that boots from the compiled standard library if it can,
    with the standard library's modules the wheel's engine needs."""
    stdlib = cached_stdlib(pyodide_dir)
    jobs: dict = {"pyodide": str(pyodide_dir), "boot": None, "zip": None, "wheel": wheel and [str(p) for p in wheel]}
    jobs["modules"] = wheel and [str(pyodide_dir / STDLIB), str(wheel[0])]
    if stdlib.exists():
        if wheel is None:
            return stdlib, []
        jobs["boot"] = str(stdlib)
    else:
        CACHE.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkstemp(dir=CACHE, prefix=stdlib.stem, suffix=".partial")[1])
        jobs["zip"] = [str(pyodide_dir / STDLIB), str(partial)]
    try:
        done = _node(jobs, workdir)
        if jobs["zip"]:
            if not done.get("zip"):
                raise PluginError(f"board: no module of Pyodide's {STDLIB} was compiled")
            partial.chmod(0o644)  # mkstemp's file is its owner's alone; the site's files are for anyone to read
            os.replace(partial, stdlib)  # whole or not at all, for builds at the same time
    finally:
        if jobs["zip"] and partial.exists():
            partial.unlink()
    if wheel and not done.get("wheel"):
        raise PluginError(f"board: no module of {wheel[0].name} was compiled")
    return stdlib, done.get("modules", [])


def _module_name(entry: str) -> str | None:
    """The module an entry of the compiled library holds (``json/decoder.pyc``: ``json.decoder``; a package's
    folder or ``__init__.pyc``: the package), or None for a file that is no module."""
    if entry.endswith("/"):
        return entry[:-1].replace("/", ".")
    if not entry.endswith(".pyc"):
        return None
    name = entry[: -len(".pyc")].removesuffix("/__init__")
    return name.replace("/", ".")


def trim_stdlib(compiled: Path, modules: list[str], target: Path) -> Path:
    """``compiled`` (the whole library, compiled) with only ``modules``, in ``target``; its entries stored, in
    their order, as they were."""
    wanted = set(modules)
    with zipfile.ZipFile(compiled) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            if _module_name(info.filename) in wanted:
                zout.writestr(info, zin.read(info))
    return target


def compile_runtime(pyodide_dir: Path, wheel: Path, workdir: Path) -> tuple[Path, Path]:
    """The standard library the board needs, compiled (from the cache, made first if missing) and trimmed to the
    modules the engine needs, and ``wheel`` compiled, in ``workdir`` under the same file names."""
    compiled_wheel = workdir / "compiled" / wheel.name
    compiled_wheel.parent.mkdir(parents=True, exist_ok=True)
    stdlib, modules = _compile(pyodide_dir, (wheel, compiled_wheel), workdir)
    if not modules:
        raise PluginError("board: the standard library's modules the engine needs were not found")
    return trim_stdlib(stdlib, modules, workdir / "compiled" / STDLIB), compiled_wheel


def main(argv: list[str]) -> int:
    """``pycompile.py [--cached] PYODIDE_DIR``: fill the cache ahead of a build (scripts/test does it while its
    other set-up steps run); with ``--cached``, only say by the exit status whether it is filled."""
    cached_only = argv[:1] == ["--cached"]
    pyodide_dir = Path(argv[-1]).resolve()
    if cached_only:
        return 0 if cached_stdlib(pyodide_dir).exists() else 1
    with tempfile.TemporaryDirectory() as workdir:
        print(_compile(pyodide_dir, None, Path(workdir))[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
