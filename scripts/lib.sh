# Shared set-up steps for scripts/serve and scripts/test (sourced, not run).
# Everything a fresh machine needs is installed here, idempotently.

find_python() {
  # pyodide-build needs Python 3.12 or newer; the engine itself runs on 3.11+.
  local candidate
  for candidate in python3.12 python3.13 /root/.pyenv/versions/3.12*/bin/python3 \
                   /usr/local/bin/python3.12 /usr/bin/python3.12 python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then
      command -v "$candidate"
      return 0
    fi
  done
  echo "error: Python 3.12 or newer is needed (pyodide-build requires it)" >&2
  return 1
}

ensure_venv() {
  if [ ! -x .venv/bin/python ]; then
    echo "== creating .venv"
    "$(find_python)" -m venv .venv
  fi
  # Reinstall only when the lock file changed since the last install. uv (pinned in the lock file itself, from
  # PyPI) fetches and installs the packages in parallel: about 10 s on a fresh machine, where pip takes 25 s.
  if ! cmp -s requirements/dev.txt .venv/.installed-lock 2>/dev/null; then
    echo "== installing pinned Python packages"
    .venv/bin/python -m pip install -qq --disable-pip-version-check "$(grep -m 1 '^uv==' requirements/dev.txt)"
    .venv/bin/uv pip install -q --python .venv/bin/python -r requirements/dev.txt
    cp requirements/dev.txt .venv/.installed-lock
  fi
}

ensure_node_modules() {
  [ -f package-lock.json ] || return 0
  if ! cmp -s package-lock.json node_modules/.installed-lock 2>/dev/null; then
    echo "== installing pinned npm packages"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.installed-lock
  fi
}

# Steps that wait on the network or on another core run in the background while the next ones go on;
# wait_background waits for them all and fails, with the step's own output, if one of them failed.
BACKGROUND=()
in_background() {  # in_background WHAT COMMAND...
  local what=$1 log
  shift
  log=$(mktemp)
  echo "== $what (in the background)"
  "$@" >"$log" 2>&1 &
  BACKGROUND+=("$!|$log|$what")
}

wait_background() {
  local job pid log what failed=0
  for job in "${BACKGROUND[@]}"; do
    IFS='|' read -r pid log what <<<"$job"
    if ! wait "$pid"; then
      cat "$log" >&2
      echo "error: $what failed" >&2
      failed=1
    fi
    rm -f "$log"
  done
  BACKGROUND=()
  return "$failed"
}

start_debian_packages() {
  # The browser tests drive Debian's chromium; the online tables' tests (tests/server/) start their own
  # redis-server on a free port. Whichever is missing is installed, in the background, when run as root.
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  [ "${#missing[@]}" = 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "warning: ${missing[*]} missing and we are not root: the browser tests fail, the Redis tests are skipped" >&2
    return 0
  fi
  in_background "installing Debian's ${missing[*]}" \
    bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"' apt "${missing[@]}"
}

start_runtime_compile() {
  # Pyodide's wasm and script compressed for the site (about 6 s of one core, once per Pyodide:
  # scripts/hooks/compress.py keeps them), while the other steps go on.
  in_background "compressing Pyodide's files" \
    .venv/bin/python scripts/hooks/compress.py node_modules/pyodide/pyodide.asm.wasm node_modules/pyodide/pyodide.asm.mjs
  # The board's standard library compiled to bytecode by Pyodide's own Python under Node.js (about 10 s of one
  # core, once per machine: scripts/hooks/pycompile.py), while the other steps go on.
  .venv/bin/python scripts/hooks/pycompile.py --cached node_modules/pyodide >/dev/null 2>&1 && return 0
  in_background "compiling Pyodide's standard library" .venv/bin/python scripts/hooks/pycompile.py node_modules/pyodide
}

compile_catalogs() {
  .venv/bin/python scripts/catalogs.py compile
}
