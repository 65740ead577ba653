#!/usr/bin/env bash
# A whole multi-node layout on one machine: three `social serve` nodes
# behind HAProxy, a PostgreSQL primary with a streaming replica, a
# three-server NATS cluster and an S3-compatible server (versitygw on a
# folder). Every part has its own port and its own folder under
# SOCIAL_CLUSTER_DIR (data/cluster); nothing depends on a server the machine
# already runs.
#
#   scripts/cluster.sh start            install what is missing, start all, print the addresses
#   scripts/cluster.sh stop             stop all (bounded), leave no process behind
#   scripts/cluster.sh status           which parts run
#   scripts/cluster.sh env              the addresses, as shell variables
#   scripts/cluster.sh kill PART        SIGKILL one part (node1..3, nats1..3, primary, replica, s3, lb)
#   scripts/cluster.sh stop-part PART   stop one part as an operator would (a node drained first)
#   scripts/cluster.sh start-part PART  start one part again
#   scripts/cluster.sh start-db         only the primary and its replica
#   scripts/cluster.sh social ARGS...   run the social binary with a node's settings
#   scripts/cluster.sh s3-binary        install versitygw when missing, print its path
#
# SOCIAL_CLUSTER_PORT (default 18000) is the base of every port:
# +80 HAProxy, +1..3 nodes, +32/+33 primary/replica, +41..43 NATS clients,
# +51..53 NATS routes, +70 S3, +90 HAProxy's admin socket, +91 its stats page.
# SOCIAL_BIN names the social binary to run; else it is built.
set -eEuo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

say() { printf 'cluster: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

DIR=${SOCIAL_CLUSTER_DIR:-$ROOT/data/cluster}
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
P=${SOCIAL_CLUSTER_PORT:-18000}
RUN=$DIR/run LOG=$DIR/log
LB_ADDR=127.0.0.1:$((P + 80))
LB_ADMIN=127.0.0.1:$((P + 90))
LB_STATS=127.0.0.1:$((P + 91))
PRIMARY_PORT=$((P + 32)) REPLICA_PORT=$((P + 33))
S3_ADDR=127.0.0.1:$((P + 70))
node_addr() { echo "127.0.0.1:$((P + $1))"; }
nats_addr() { echo "127.0.0.1:$((P + 40 + $1))"; }
route_addr() { echo "127.0.0.1:$((P + 50 + $1))"; }
PARTS="primary replica nats1 nats2 nats3 s3 node1 node2 node3 lb"

# Every process the cluster starts carries this variable, and so do its
# children (PostgreSQL's backends among them): a stop finds what is left by
# it, whatever was killed or restarted by hand.
MARK="SOCIAL_CLUSTER_MARK=$DIR"

# ---------------------------------------------------------------- install

apt_updated=0
apt_install() {
  if [ "$(id -u)" != 0 ] || ! have apt-get; then
    die "missing: $* — install it with your package manager (Debian/Ubuntu: apt-get install $*)"
  fi
  if [ "$apt_updated" = 0 ]; then
    say "apt-get update"
    apt-get update -qq
    apt_updated=1
  fi
  say "installing $* (apt-get)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

PGBIN=
find_pg() {
  for d in "$(dirname "$(readlink -f "$(command -v pg_ctl 2>/dev/null || echo /nonexistent)")")" /usr/lib/postgresql/*/bin; do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/pg_basebackup" ]; then PGBIN=$d; return 0; fi
  done
  return 1
}

NATS=
find_nats() {
  for p in "$(command -v nats-server 2>/dev/null)" /usr/sbin/nats-server /usr/local/bin/nats-server; do
    if [ -n "$p" ] && [ -x "$p" ]; then NATS=$p; return 0; fi
  done
  return 1
}

# versitygw, the S3 gateway, comes from the Go module proxy at a fixed version.
VERSITYGW_VERSION=v1.8.0
VGW=$ROOT/.tmp/cluster-tools/versitygw-$VERSITYGW_VERSION
install_versitygw() {
  [ -x "$VGW" ] && return 0
  say "installing versitygw $VERSITYGW_VERSION (go install)"
  mkdir -p "$(dirname "$VGW")"
  local tmp
  tmp=$(mktemp -d)
  (cd "$tmp" && GOBIN=$tmp GOFLAGS= go install -trimpath "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION") >&2
  mv "$tmp/versitygw" "$VGW"
  rm -rf "$tmp"
}
install_tools() {
  find_pg || { apt_install postgresql postgresql-contrib; find_pg; } || die "PostgreSQL server binaries not found"
  find_nats || { apt_install nats-server; find_nats; } || die "nats-server not found"
  have haproxy || [ -x /usr/sbin/haproxy ] || apt_install haproxy
  have go || apt_install golang-go
  install_versitygw
  if [ -n "${SOCIAL_BIN:-}" ]; then
    BIN=$(readlink -f "$SOCIAL_BIN")
  else
    BIN=$ROOT/.tmp/cluster/social
    say "building $BIN"
    go build -trimpath -o "$BIN" ./cmd/social
  fi
  echo "$BIN" >"$DIR/binary"
}
haproxy_bin() { command -v haproxy 2>/dev/null || echo /usr/sbin/haproxy; }

# ---------------------------------------------------------------- processes

# PostgreSQL refuses to run as root: as root, its programs run as postgres.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- env "$MARK" "$@"; else env "$MARK" "$@"; fi
}
pg_own() { if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$@"; fi; }

pidfile() { echo "$RUN/$1.pid"; }
pid_of() {
  local f
  case $1 in
    primary | replica) f=$DIR/pg-$1/postmaster.pid ;;
    *) f=$(pidfile "$1") ;;
  esac
  [ -f "$f" ] || return 1
  local pid
  pid=$(head -1 "$f")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -qz "^$MARK\$" "/proc/$pid/environ" 2>/dev/null && echo "$pid"
}
running() { pid_of "$1" >/dev/null; }

# launch NAME CMD...: runs CMD in a session of its own (a terminal's
# Ctrl-C does not reach it), logging to log/NAME.log.
launch() {
  local name=$1
  shift
  env "$MARK" setsid "$@" >>"$LOG/$name.log" 2>&1 </dev/null &
  echo $! >"$(pidfile "$name")"
}

# wait_for WHAT SECONDS CHECK...: polls CHECK every 0.2 s.
wait_for() {
  local what=$1 secs=$2
  shift 2
  local i
  for ((i = 0; i < secs * 5; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  say "$what did not come up within ${secs}s; its log:"
  tail -20 "$LOG/$what.log" >&2 2>/dev/null || true
  return 1
}
port_open() { (exec 3<>"/dev/tcp/${1%:*}/${1#*:}") 2>/dev/null; }
http_ok() { curl -fsS -o /dev/null --max-time 2 "$1"; }

# ---------------------------------------------------------------- parts

init_primary() {
  [ -f "$DIR/pg-primary/PG_VERSION" ] && return 0
  say "initdb primary"
  mkdir -p "$DIR/pg-primary" "$DIR/pg-socket"
  pg_own "$DIR/pg-primary" "$DIR/pg-socket"
  chmod 700 "$DIR/pg-primary"
  as_pg "$PGBIN/initdb" -D "$DIR/pg-primary" -U postgres --auth=trust -E UTF8 --locale=C >"$LOG/initdb.log"
  cp deploy/cluster/postgresql.conf "$DIR/pg-primary/cluster.conf"
  printf "include 'cluster.conf'\nunix_socket_directories = '%s'\n" "$DIR/pg-socket" >>"$DIR/pg-primary/postgresql.conf"
  # Trust on the loopback only: every part runs on this machine.
  printf 'host all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n' >"$DIR/pg-primary/pg_hba.conf"
  pg_own "$DIR/pg-primary"
}

# The application's role and database, once.
ensure_database() {
  local psql=("$PGBIN/psql" -qtA -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1)
  if [ -z "$(as_pg "${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = 'social'")" ]; then
    as_pg "${psql[@]}" -c "CREATE ROLE social LOGIN" -c "CREATE DATABASE social OWNER social" >/dev/null
  fi
}

init_replica() {
  [ -f "$DIR/pg-replica/PG_VERSION" ] && return 0
  say "pg_basebackup replica"
  mkdir -p "$DIR/pg-replica"
  pg_own "$DIR/pg-replica"
  chmod 700 "$DIR/pg-replica"
  # -R writes primary_conninfo and standby.signal; the slot keeps the WAL
  # a stopped replica still needs.
  as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/pg-replica" \
    -X stream -c fast -R -C -S replica1 >"$LOG/basebackup.log" 2>&1
}

start_pg() {
  local name=$1 port
  [ "$name" = primary ] && port=$PRIMARY_PORT || port=$REPLICA_PORT
  running "$name" && return 0
  touch "$LOG/$name.log"
  pg_own "$LOG/$name.log"
  as_pg "$PGBIN/pg_ctl" -D "$DIR/pg-$name" -l "$LOG/$name.log" -o "-p $port" -w -t 60 start >/dev/null
}

start_part() {
  local part=$1 n
  case $part in
    primary) start_pg primary ;;
    replica) start_pg replica ;;
    nats[1-3])
      n=${part#nats}
      running "$part" && return 0
      NATS_LISTEN=$(nats_addr "$n") NATS_NAME=$part NATS_CLUSTER_LISTEN=$(route_addr "$n") \
        NATS_ROUTE1=nats://$(route_addr 1) NATS_ROUTE2=nats://$(route_addr 2) NATS_ROUTE3=nats://$(route_addr 3) \
        launch "$part" "$NATS" -c "$ROOT/deploy/cluster/nats.conf"
      wait_for "$part" 15 port_open "$(nats_addr "$n")"
      ;;
    s3)
      running s3 && return 0
      mkdir -p "$DIR/s3"
      # shellcheck disable=SC1091
      . "$DIR/secrets.env"
      ROOT_ACCESS_KEY=$SOCIAL_STORAGE_S3_ACCESS_KEY ROOT_SECRET_KEY=$SOCIAL_STORAGE_S3_SECRET_KEY \
        launch s3 "$VGW" --port "$S3_ADDR" posix "$DIR/s3"
      wait_for s3 20 port_open "$S3_ADDR"
      # The bucket, once (a second PUT answers 409, which is fine).
      curl -sS -o /dev/null --max-time 5 -X PUT --aws-sigv4 "aws:amz:us-east-1:s3" \
        -H "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" \
        --user "$SOCIAL_STORAGE_S3_ACCESS_KEY:$SOCIAL_STORAGE_S3_SECRET_KEY" "http://$S3_ADDR/social-media"
      ;;
    node[1-3])
      n=${part#node}
      running "$part" && return 0
      mkdir -p "$DIR/$part"
      # shellcheck disable=SC2046
      launch "$part" env $(cat "$DIR/secrets.env" "$DIR/$part.env") "$(cat "$DIR/binary")" serve --config "$ROOT/deploy/cluster/social.yaml"
      wait_for "$part" 60 http_ok "http://$(node_addr "$n")/readyz"
      lb_admin "set server social/$part state ready" || true
      ;;
    lb)
      running lb && return 0
      CLUSTER_LB_ADDR=$LB_ADDR CLUSTER_LB_ADMIN=$LB_ADMIN CLUSTER_LB_STATS=$LB_STATS \
        CLUSTER_NODE1=$(node_addr 1) CLUSTER_NODE2=$(node_addr 2) CLUSTER_NODE3=$(node_addr 3) \
        launch lb "$(haproxy_bin)" -W -db -f "$ROOT/deploy/cluster/haproxy.cfg"
      wait_for lb 15 http_ok "http://$LB_ADDR/readyz"
      ;;
    *) die "unknown part $part (one of: $PARTS)" ;;
  esac
}

# lb_admin CMD: one command on HAProxy's admin socket.
lb_admin() {
  running lb || return 1
  exec 3<>"/dev/tcp/${LB_ADMIN%:*}/${LB_ADMIN#*:}" || return 1
  printf '%s\n' "$1" >&3
  timeout 2 cat <&3 >/dev/null || true
  exec 3>&-
}

# kill_part PART SIGNAL: a signal to the part's main process.
signal_part() {
  local pid
  pid=$(pid_of "$1") || return 0
  kill "-$2" "$pid" 2>/dev/null || true
}

# wait_gone PART SECONDS: true once the part's process has ended.
wait_gone() {
  local pid i
  pid=$(pid_of "$1") || return 0
  for ((i = 0; i < $2 * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  return 1
}

stop_part() {
  local part=$1
  running "$part" || return 0
  case $part in
    primary | replica)
      as_pg "$PGBIN/pg_ctl" -D "$DIR/pg-$part" -m fast -w -t 20 stop >/dev/null 2>&1 || true
      ;;
    node[1-3])
      # Drained first: HAProxy sends it nothing new while it finishes
      # what it has (http.shutdown_timeout).
      lb_admin "set server social/$part state drain" || true
      signal_part "$part" TERM
      wait_gone "$part" 15 || true
      ;;
    lb)
      # Soft stop: no new connections, open ones finish (hard-stop-after).
      signal_part lb USR1
      wait_gone lb 16 || true
      ;;
    *)
      signal_part "$part" TERM
      wait_gone "$part" 10 || true
      ;;
  esac
  if running "$part"; then
    say "$part did not stop in time: killing it"
    signal_part "$part" KILL
    wait_gone "$part" 5 || true
  fi
}

# leftovers: every process that carries the cluster's mark.
leftovers() {
  local f pid
  for f in /proc/[0-9]*/environ; do
    pid=${f#/proc/}
    pid=${pid%/environ}
    [ "$pid" = $$ ] && continue
    grep -qz "^$MARK\$" "$f" 2>/dev/null && echo "$pid"
  done
  return 0
}

# ---------------------------------------------------------------- commands

write_env() {
  if [ ! -f "$DIR/secrets.env" ]; then
    local vapid
    vapid=$("$(cat "$DIR/binary")" push-keys 2>/dev/null | sed -n 's/^SOCIAL_PUSH_VAPID_PRIVATE_KEY=//p' | head -1)
    umask 077
    cat >"$DIR/secrets.env" <<EOF
SOCIAL_AUTH_JWT_SECRET=$(head -c 32 /dev/urandom | base64 | tr -d '/+=\n')
SOCIAL_STORAGE_S3_ACCESS_KEY=cluster$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')
SOCIAL_STORAGE_S3_SECRET_KEY=$(head -c 24 /dev/urandom | base64 | tr -d '/+=\n')
SOCIAL_PUSH_VAPID_PRIVATE_KEY=$vapid
SOCIAL_METRICS_TOKEN=$(head -c 24 /dev/urandom | base64 | tr -d '/+=\n')
EOF
    umask 022
  fi
  local n
  for n in 1 2 3; do
    # Each node starts from its own NATS server and learns the others from
    # it: when that server dies, the node's client moves to another.
    cat >"$DIR/node$n.env" <<EOF
SOCIAL_HTTP_ADDR=$(node_addr "$n")
SOCIAL_HTTP_PUBLIC_URL=http://$LB_ADDR
SOCIAL_DATA_DIR=$DIR/node$n
SOCIAL_DATABASE_URL=postgres://social@127.0.0.1:$PRIMARY_PORT/social?sslmode=disable
SOCIAL_DATABASE_READ_URL=postgres://social@127.0.0.1:$REPLICA_PORT/social?sslmode=disable
SOCIAL_REALTIME_NATS_URL=nats://$(nats_addr "$n")
SOCIAL_STORAGE_S3_ENDPOINT=http://$S3_ADDR
EOF
  done
}

cmd_env() {
  cat <<EOF
CLUSTER_DIR=$DIR
CLUSTER_URL=http://$LB_ADDR
CLUSTER_LB_STATS=http://$LB_STATS
CLUSTER_NODE1=http://$(node_addr 1)
CLUSTER_NODE2=http://$(node_addr 2)
CLUSTER_NODE3=http://$(node_addr 3)
CLUSTER_PRIMARY_URL=postgres://postgres@127.0.0.1:$PRIMARY_PORT/social?sslmode=disable
CLUSTER_REPLICA_URL=postgres://postgres@127.0.0.1:$REPLICA_PORT/social?sslmode=disable
CLUSTER_NATS=nats://$(nats_addr 1),nats://$(nats_addr 2),nats://$(nats_addr 3)
CLUSTER_S3=http://$S3_ADDR
EOF
}

cmd_start() {
  mkdir -p "$RUN" "$LOG"
  # A start interrupted half-way leaves nothing running.
  trap 'say "start failed: stopping what started"; cmd_stop; exit 1' ERR INT TERM
  install_tools
  write_env
  init_primary
  start_pg primary
  ensure_database
  init_replica
  start_pg replica
  local part
  for part in nats1 nats2 nats3 s3; do start_part "$part"; done
  say "migrate up"
  # shellcheck disable=SC2046
  env $(cat "$DIR/secrets.env" "$DIR/node1.env") "$(cat "$DIR/binary")" migrate up --config deploy/cluster/social.yaml >"$LOG/migrate.log" 2>&1
  for part in node1 node2 node3 lb; do start_part "$part"; done
  trap - ERR INT TERM
  cat <<EOF
cluster: running (logs in $LOG; stop with make cluster-stop)
  members (HAProxy)      http://$LB_ADDR         stats http://$LB_STATS
  social nodes           http://$(node_addr 1)  http://$(node_addr 2)  http://$(node_addr 3)
  PostgreSQL primary     127.0.0.1:$PRIMARY_PORT   replica 127.0.0.1:$REPLICA_PORT (streaming, database.read_url)
  NATS cluster           nats://$(nats_addr 1)  nats://$(nats_addr 2)  nats://$(nats_addr 3)
  S3 (versitygw)         http://$S3_ADDR   bucket social-media, folder $DIR/s3
EOF
}

cmd_stop() {
  find_pg || true
  local part
  # The entrance first, then the nodes, then what they use.
  for part in lb node1 node2 node3 s3 nats1 nats2 nats3 replica primary; do
    stop_part "$part"
  done
  # Whatever a kill or a crash left (an orphaned PostgreSQL backend, a
  # part restarted by hand): terminated, then killed.
  local left i
  for i in 1 2 3 4 5 6 7 8 9 10; do
    left=$(leftovers)
    [ -z "$left" ] && break
    # shellcheck disable=SC2086
    if [ "$i" -lt 5 ]; then kill -TERM $left 2>/dev/null || true; else kill -KILL $left 2>/dev/null || true; fi
    sleep 0.5
  done
  left=$(leftovers)
  [ -z "$left" ] || die "still running after stop: $left"
  rm -f "$RUN"/*.pid
  say "stopped"
}

cmd_status() {
  local part
  for part in $PARTS; do
    if pid=$(pid_of "$part"); then echo "$part running (pid $pid)"; else echo "$part stopped"; fi
  done
}

case ${1:-} in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  env) cmd_env ;;
  social)
    # The social binary with a node's settings (seed-demo, user, ...).
    shift
    # shellcheck disable=SC2046
    exec env $(cat "$DIR/secrets.env" "$DIR/node1.env") "$(cat "$DIR/binary")" "$@" --config "$ROOT/deploy/cluster/social.yaml"
    ;;
  start-db)
    # The primary and its replica alone (the read router's test).
    mkdir -p "$RUN" "$LOG"
    find_pg || die "PostgreSQL server binaries not found"
    init_primary
    start_pg primary
    ensure_database
    init_replica
    start_pg replica
    cmd_env
    ;;
  s3-binary)
    # The S3 server's program, installed when missing (the two-node test runs it too).
    install_versitygw
    echo "$VGW"
    ;;
  kill)
    [ -n "${2:-}" ] || die "kill PART"
    signal_part "$2" KILL
    wait_gone "$2" 5 || die "$2 survived SIGKILL"
    ;;
  stop-part)
    find_pg
    stop_part "${2:?stop-part PART}"
    ;;
  start-part)
    find_pg
    find_nats
    mkdir -p "$RUN" "$LOG"
    start_part "${2:?start-part PART}"
    ;;
  *)
    sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 2
    ;;
esac
