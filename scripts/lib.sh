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
    .venv/bin/pip install -q --upgrade pip
  fi
  # Reinstall only when the lock file changed since the last install.
  if ! cmp -s requirements/dev.txt .venv/.installed-lock 2>/dev/null; then
    echo "== installing pinned Python packages"
    .venv/bin/pip install -q -r requirements/dev.txt
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

ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  if [ "$(id -u)" = 0 ]; then
    echo "== installing Debian's chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "warning: /usr/bin/chromium is missing and we are not root: browser tests will fail" >&2
  fi
}

ensure_redis() {
  # The online tables' tests (tests/server/) start their own redis-server on a free port.
  command -v redis-server >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ]; then
    echo "== installing Debian's redis-server"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "warning: redis-server is missing and we are not root: the Redis tests will be skipped" >&2
  fi
}

compile_catalogs() {
  .venv/bin/python scripts/catalogs.py compile
}
