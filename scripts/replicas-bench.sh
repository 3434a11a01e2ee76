#!/usr/bin/env bash
# Measures looplab replicas behind HAProxy on one PostgreSQL (docs/operations.md's figures):
# starts a PostgreSQL cluster of its own in a temporary directory, with the server's
# default durability (fsync and synchronous commit on), as the postgres user when run as
# root; then `go run ./cmd/loadgen -db URL -replicas 1,2,1,2` measures 1 and 2 replicas,
# twice each (the first minute of a fresh database pays for autovacuum). Needs
# Debian's postgresql and haproxy. Traffic stays on 127.0.0.1.
#
#   nice -n 19 scripts/replicas-bench.sh [loadgen flags...]   e.g. -conns 64 -duration 10s
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/looplab-pgbench.XXXXXX")
as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$tmp"
  as=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cleanup() {
  "${as[@]}" "$bin/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
"${as[@]}" "$bin/initdb" -D "$tmp/data" -U postgres -A trust -E UTF8 --locale=C >/dev/null
"${as[@]}" "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w \
  -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$tmp -c max_connections=200" start >/dev/null
"${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres looplab
cd "$repo"
go run ./cmd/loadgen -db "postgres://postgres@127.0.0.1:$port/looplab?sslmode=disable" -replicas 1,2,1,2 "$@"
