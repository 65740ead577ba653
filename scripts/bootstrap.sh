#!/usr/bin/env bash
# Installs what building, running and testing social needs, and only what is
# missing: safe to run again and again. On Debian/Ubuntu as root it installs
# system packages with apt-get; elsewhere it says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'bootstrap: %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }

apt_updated=0
apt_install() {
  if [ "$(id -u)" != 0 ] || ! have apt-get; then
    say "missing: $* — install it with your package manager (Debian/Ubuntu: apt-get install $*)"
    return 1
  fi
  if [ "$apt_updated" = 0 ]; then
    say "apt-get update"
    apt-get update -qq
    apt_updated=1
  fi
  say "installing $* (apt-get)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# PostgreSQL server binaries, for the private cluster of `make run` and the tests.
pg_found=0
for d in "$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")" /usr/lib/postgresql/*/bin; do
  if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then pg_found=1; break; fi
done
if [ "$pg_found" = 0 ]; then
  apt_install postgresql postgresql-contrib || true
fi
# pg_trgm and unaccent come with contrib.
if ! ls /usr/share/postgresql/*/extension/unaccent.control >/dev/null 2>&1 && [ -d /usr/share/postgresql ]; then
  apt_install postgresql-contrib || true
fi

# nats-server, for the two-node test (it starts its own on a free port).
if ! have nats-server && [ ! -x /usr/sbin/nats-server ]; then
  apt_install nats-server || true
fi

# Go (go.mod names the toolchain; an older go fetches it from the module proxy).
if ! have go; then
  apt_install golang-go || { say "Go is required: https://go.dev/doc/install"; exit 1; }
fi

# Node.js 20.19 or newer (vite 8).
if ! have node || ! have npm; then
  apt_install nodejs npm || { say "Node.js 20.19+ and npm are required"; exit 1; }
fi
node_ok=$(node -e 'const [a,b]=process.versions.node.split(".").map(Number);console.log(a>20||(a==20&&b>=19)?1:0)')
if [ "$node_ok" != 1 ]; then
  say "Node.js $(node --version) is too old: 20.19 or newer is required"
  exit 1
fi

# The downloads run side by side: each waits on the network more than on
# the machine. Each is its own background process, so that an interrupted
# bootstrap passes the interrupt on (background jobs of a script do not
# hear the terminal's); npm ci ends once it has finished writing
# node_modules. A stamp is written only after its download succeeded, and a
# failed one fails the bootstrap once all have ended.
pids=() stamps=()
stop_downloads() {
  kill "${pids[@]}" 2>/dev/null
  exit 130
}
trap stop_downloads INT TERM

if [ ! -f .tmp/go-mod.stamp ] || [ go.sum -nt .tmp/go-mod.stamp ]; then
  say "go mod download"
  mkdir -p .tmp
  go mod download &
  pids+=($!) stamps+=(.tmp/go-mod.stamp)
fi

for dir in web/app web/admin web/apidocs e2e; do
  [ -f "$dir/package-lock.json" ] || continue
  stamp="$dir/node_modules/.bootstrap.stamp"
  if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
    say "npm ci in $dir"
    npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error &
    pids+=($!) stamps+=("$stamp")
  fi
done

# Chromium, for the end-to-end journeys (driven by playwright-core),
# installed while the downloads run.
if ! have chromium && [ -z "${CHROMIUM_PATH:-}" ]; then
  apt_install chromium || true
fi

failed=0
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then touch "${stamps[$i]}"; else failed=1; fi
done
trap - INT TERM
if [ "$failed" = 1 ]; then
  say "a download failed (see above)"
  exit 1
fi

say "ready: $(go version | awk '{print $3}'), node $(node --version), PostgreSQL $( (ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sed 's#.*/postgresql/\([0-9]*\)/bin#\1#' | sort -n | tail -1) || echo '?'), $(command -v chromium >/dev/null && chromium --version 2>/dev/null | awk '{print $1, $2}' || echo 'no Chromium')"
