#!/usr/bin/env bash
# Entry point of `npm start`, `npm test`, `npm run fuzz`, `npm run bench`, `npm run bench:files` and `npm run eval`:
# installs whatever is missing on this machine, then hands over to scripts/stack.ts, which starts
# local Redis + FerretDB when REDIS_URL / MONGODB_URL are not given (`eval` is pure and needs neither).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:?usage: scripts/run.sh start|test|fuzz|bench|bench-files|eval [args...]}"
shift

FERRETDB_VERSION=v1.24.2
SCHEMATHESIS_VERSION=4.32.5
CACHE_DIR="${PREFLIGHT_CACHE_DIR:-$HOME/.cache/preflight}"
export FERRETDB_BIN="$CACHE_DIR/bin/ferretdb-$FERRETDB_VERSION"

log() { echo "preflight: $*" >&2; }

apt_install() {
  local sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  log "installing Debian packages: $*"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

ensure_node_modules() {
  local stamp=node_modules/.preflight-lock.sha256 want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [[ ! -f $stamp || "$(cat "$stamp")" != "$want" ]]; then
    log "installing npm dependencies (npm ci)"
    PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    echo "$want" >"$stamp"
  fi
}

ensure_redis() {
  [[ -n "${REDIS_URL:-}" ]] && return
  command -v redis-server >/dev/null || apt_install redis-server
}

# `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` is refused here: the module proxy
# answers 403 to the version-list lookup that `go install` makes for deprecation notices. So we
# download exactly that module version (which the proxy serves), add the version file that the
# project's own release build generates, and build it. The binary is cached per machine.
ensure_ferretdb() {
  [[ -n "${MONGODB_URL:-}" ]] && return
  [[ -x "$FERRETDB_BIN" ]] && return
  command -v go >/dev/null || { log "Go is needed to build FerretDB; install Go >= 1.21 or set MONGODB_URL"; exit 1; }
  log "building FerretDB $FERRETDB_VERSION (once per machine, about a minute)"
  mkdir -p "$(dirname "$FERRETDB_BIN")"
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
    if ! GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go build -trimpath -o "$FERRETDB_BIN.tmp" ./cmd/ferretdb; then
      log "local Go could not build FerretDB; retrying with the Go release it was made with"
      GOTOOLCHAIN=go1.24.3 GOFLAGS=-buildvcs=false go build -trimpath -o "$FERRETDB_BIN.tmp" ./cmd/ferretdb
    fi
  )
  mv "$FERRETDB_BIN.tmp" "$FERRETDB_BIN"
}

# Evidence PDFs are set in DejaVu Sans, and test and benchmark fixtures render text into images
# (Chromium and sharp/librsvg find fonts through fontconfig).
ensure_fonts() {
  [[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]] || apt_install fonts-dejavu-core
}

# Evidence PDFs are printed by Debian's chromium (puppeteer never downloads a browser); a CHROMIUM_PATH
# that is set names the browser to use instead.
ensure_chromium() {
  [[ -n "${CHROMIUM_PATH:-}" || -x /usr/bin/chromium ]] || apt_install chromium
}

# The API fuzzer (npm run fuzz): schemathesis from PyPI, pinned, in a venv of its own per machine.
ensure_schemathesis() {
  local venv="$CACHE_DIR/schemathesis-$SCHEMATHESIS_VERSION"
  export SCHEMATHESIS_BIN="$venv/bin/schemathesis"
  # The stamp is written last, so an install cut short is made again.
  [[ -f "$venv/.preflight-installed" ]] && return
  python3 -c 'import venv, ensurepip' 2>/dev/null || apt_install python3-venv
  log "installing schemathesis $SCHEMATHESIS_VERSION (once per machine)"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  touch "$venv/.preflight-installed"
}

ensure_node_modules
[[ $mode != fuzz ]] || ensure_schemathesis
if [[ $mode != eval ]]; then
  ensure_redis
  ensure_ferretdb
fi
ensure_fonts
[[ $mode == eval ]] || ensure_chromium
exec node --import tsx scripts/stack.ts "$mode" "$@"
