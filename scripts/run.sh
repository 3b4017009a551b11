#!/usr/bin/env bash
# Entry point of `npm start`, `npm test`, `npm run fuzz`, `npm run bench`, `npm run bench:files` and `npm run eval`:
# installs whatever is missing on this machine, then hands over to scripts/stack.ts, which starts
# local Redis and PostgreSQL + FerretDB when REDIS_URL / MONGODB_URL are not given (`eval` is pure and
# needs neither).
#
# Several runs may start at once on a fresh machine (two `npm start`s, CI jobs): every install that
# writes somewhere shared takes an flock on a file under $CACHE_DIR/locks, checks again once it holds
# it (the other run may have done the work), and builds into a temporary name of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:?usage: scripts/run.sh start|test|fuzz|bench|bench-files|eval [args...]}"
shift

FERRETDB_VERSION=v1.24.2
SCHEMATHESIS_VERSION=4.32.5
# The newest gitleaks release the Go module proxy serves (checked 2026-11-28; later ones answer 403).
GITLEAKS_VERSION=v8.21.2
CACHE_DIR="${PREFLIGHT_CACHE_DIR:-$HOME/.cache/preflight}"
export FERRETDB_BIN="$CACHE_DIR/bin/ferretdb-$FERRETDB_VERSION"
export GITLEAKS_BIN="$CACHE_DIR/bin/gitleaks-$GITLEAKS_VERSION"

log() { echo "preflight: $*" >&2; }

# with_lock NAME COMMAND...: runs COMMAND (a function of this script) holding an exclusive flock on
# $CACHE_DIR/locks/NAME.lock; a second run waits for the first and then runs COMMAND itself, which
# is written to find the work done and return. A failure inside ends the script (set -e), and the
# lock with it. Call it, and whatever calls it, as a plain statement: inside `a || b`, `if a` or
# `a && b` bash ignores set -e.
with_lock() {
  local name=$1 fd
  shift
  mkdir -p "$CACHE_DIR/locks"
  exec {fd}>"$CACHE_DIR/locks/$name.lock"
  if ! flock -n "$fd"; then
    log "waiting for another run to finish: $name"
    flock "$fd"
  fi
  "$@"
  exec {fd}>&-
}

# apt-get takes the dpkg lock and fails at once when another apt-get holds it: ours queue on a lock
# of our own, and wait up to 10 minutes for anyone else's (DPkg::Lock::Timeout).
apt_install() {
  with_lock apt apt_install_locked "$@"
}
apt_install_locked() {
  local sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  log "installing Debian packages: $*"
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
}

# One npm ci per checkout at a time (the lock is named after the checkout's path).
ensure_node_modules() {
  local stamp=node_modules/.preflight-lock.sha256 want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  [[ -f $stamp && "$(cat "$stamp")" == "$want" ]] && return
  with_lock "npm-$(pwd -P | sha256sum | cut -c1-16)" npm_ci "$want"
}
npm_ci() {
  local stamp=node_modules/.preflight-lock.sha256 want=$1
  [[ -f $stamp && "$(cat "$stamp")" == "$want" ]] && return
  log "installing npm dependencies (npm ci)"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
}

ensure_redis() {
  [[ -n "${REDIS_URL:-}" ]] && return
  if ! command -v redis-server >/dev/null; then apt_install redis-server; fi
}

# `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` is refused here: the module proxy
# answers 403 to the version-list lookup that `go install` makes for deprecation notices. So we
# download exactly that module version (which the proxy serves), add the version file that the
# project's own release build generates, and build it. The binary is cached per machine.
ensure_ferretdb() {
  [[ -n "${MONGODB_URL:-}" ]] && return
  [[ -x "$FERRETDB_BIN" ]] && return
  command -v go >/dev/null || { log "Go is needed to build FerretDB; install Go >= 1.21 or set MONGODB_URL"; exit 1; }
  mkdir -p "$(dirname "$FERRETDB_BIN")"
  with_lock ferretdb build_ferretdb
}
build_ferretdb() {
  [[ -x "$FERRETDB_BIN" ]] && return # built by the run we waited for
  log "building FerretDB $FERRETDB_VERSION (once per machine, about a minute)"
  # A temporary name of this run's own, removed if the build fails.
  ferretdb_tmp=$(mktemp "$FERRETDB_BIN.XXXXXX")
  trap 'rm -f "$ferretdb_tmp"' EXIT
  (
    work=$(mktemp -d)
    trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
    cd "$work"
    go mod init ferretdb-build >/dev/null 2>&1
    src=$(go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^\s*"Dir": "\(.*\)",$/\1/p')
    [[ -d "$src" ]] || { log "could not download the FerretDB module"; exit 1; }
    cp -r "$src" src && chmod -R u+w src
    echo "$FERRETDB_VERSION" >src/build/version/version.txt
    cd src
    if ! GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go build -trimpath -o "$ferretdb_tmp" ./cmd/ferretdb; then
      log "local Go could not build FerretDB; retrying with the Go release it was made with"
      GOTOOLCHAIN=go1.24.3 GOFLAGS=-buildvcs=false go build -trimpath -o "$ferretdb_tmp" ./cmd/ferretdb
    fi
  )
  chmod 755 "$ferretdb_tmp"
  mv -f "$ferretdb_tmp" "$FERRETDB_BIN"
  trap - EXIT
}

# The local store's PostgreSQL: Debian's `postgresql` (the newest /usr/lib/postgresql/*/bin), whose
# package also makes the `postgres` user that runs it when we are root. PG_BIN_DIR tells
# scripts/local-services.ts where its initdb, postgres and psql are.
newest_pg_bin() {
  local d found=()
  for d in /usr/lib/postgresql/*/bin; do
    if [[ -x $d/initdb && -x $d/postgres && -x $d/psql ]]; then found+=("$d"); fi
  done
  if ((${#found[@]})); then printf '%s\n' "${found[@]}" | sort -V | tail -n1; fi
}
ensure_postgresql() {
  [[ -n "${MONGODB_URL:-}" ]] && return
  local bin
  bin=$(newest_pg_bin)
  if [[ -z $bin ]] || { [[ $(id -u) -eq 0 ]] && ! id postgres >/dev/null 2>&1; }; then
    apt_install postgresql
    bin=$(newest_pg_bin)
    [[ -n $bin ]] || { log "no initdb under /usr/lib/postgresql/*/bin after installing postgresql"; exit 1; }
  fi
  export PG_BIN_DIR="$bin"
}

# Evidence PDFs are set in DejaVu Sans, and test and benchmark fixtures render text into images
# (Chromium and sharp/librsvg find fonts through fontconfig).
ensure_fonts() {
  if [[ ! -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]]; then apt_install fonts-dejavu-core; fi
}

# Evidence PDFs are printed by Debian's chromium (puppeteer never downloads a browser); a CHROMIUM_PATH
# that is set names the browser to use instead.
ensure_chromium() {
  if [[ -z "${CHROMIUM_PATH:-}" && ! -x /usr/bin/chromium ]]; then apt_install chromium; fi
}

# The API fuzzer (npm run fuzz): schemathesis from PyPI, pinned, in a venv of its own per machine.
ensure_schemathesis() {
  local venv="$CACHE_DIR/schemathesis-$SCHEMATHESIS_VERSION"
  export SCHEMATHESIS_BIN="$venv/bin/schemathesis"
  # The stamp is written last, so an install cut short is made again.
  [[ -f "$venv/.preflight-installed" ]] && return
  ensure_python_venv
  with_lock schemathesis install_schemathesis "$venv"
}

# Python venvs: schemathesis's, and the Python SDK's test venv (test/sdk/python-venv.ts makes it).
ensure_python_venv() {
  if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then apt_install python3-venv; fi
}
install_schemathesis() {
  local venv=$1
  [[ -f "$venv/.preflight-installed" ]] && return
  log "installing schemathesis $SCHEMATHESIS_VERSION (once per machine)"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  touch "$venv/.preflight-installed"
}

# gitleaks, the CLI benchmark's yardstick (`npm run bench cli`), built from the Go module proxy the
# way FerretDB is: `go install` is refused for the same reason (the version-list lookup answers 403).
# Its go.mod still names the module github.com/zricethezav/gitleaks/v8, the proxy serves it as
# github.com/gitleaks/gitleaks/v8.
ensure_gitleaks() {
  [[ -x "$GITLEAKS_BIN" ]] && return
  mkdir -p "$(dirname "$GITLEAKS_BIN")"
  with_lock gitleaks build_gitleaks
}
build_gitleaks() {
  [[ -x "$GITLEAKS_BIN" ]] && return
  log "building gitleaks $GITLEAKS_VERSION (once per machine, about a minute)"
  gitleaks_tmp=$(mktemp "$GITLEAKS_BIN.XXXXXX")
  trap 'rm -f "$gitleaks_tmp"' EXIT
  (
    work=$(mktemp -d)
    trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
    cd "$work"
    go mod init gitleaks-build >/dev/null 2>&1
    src=$(go mod download -json "github.com/gitleaks/gitleaks/v8@$GITLEAKS_VERSION" | sed -n 's/^\s*"Dir": "\(.*\)",$/\1/p')
    [[ -d "$src" ]] || { log "could not download the gitleaks module"; exit 1; }
    cp -r "$src" src && chmod -R u+w src
    cd src
    GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go build -trimpath -ldflags "-X=github.com/zricethezav/gitleaks/v8/cmd.Version=$GITLEAKS_VERSION" -o "$gitleaks_tmp" .
  )
  chmod 755 "$gitleaks_tmp"
  mv -f "$gitleaks_tmp" "$GITLEAKS_BIN"
  trap - EXIT
}

# (if-statements, not `a || b`: inside a `||` list bash ignores set -e, so a failed install would go on.)
ensure_node_modules
if [[ $mode == fuzz ]]; then ensure_schemathesis; fi
if [[ $mode == test ]]; then ensure_python_venv; fi
if [[ $mode == bench && " $* " == *" cli "* ]]; then ensure_gitleaks; fi
if [[ $mode != eval ]]; then
  ensure_redis
  ensure_postgresql
  ensure_ferretdb
fi
ensure_fonts
if [[ $mode != eval ]]; then ensure_chromium; fi
exec node --import tsx scripts/stack.ts "$mode" "$@"
