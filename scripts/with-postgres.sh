#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server:
#
#   bash scripts/with-postgres.sh swift test
#
# Creates a cluster in a temporary directory (initdb), starts it on a loopback port
# (pg_ctl), exports where it is, runs the command, then stops the server and deletes the
# directory, whatever the command did. Exit status: the command's.
#
# Exported for the command (Tests/CoddPostgresTests reads them):
#   CODD_POSTGRES_URL     postgres://codd:PASSWORD@127.0.0.1:PORT/codd_test
#   CODD_POSTGRES_HOST, CODD_POSTGRES_PORT, CODD_POSTGRES_USER, CODD_POSTGRES_PASSWORD,
#   CODD_POSTGRES_DB      the same, one by one
#   CODD_POSTGRES_CTL     a script: `bash "$CODD_POSTGRES_CTL" stop|start` stops or starts
#                         this server (the fault tests stop it mid-transaction)
#   CODD_POSTGRES=1       Codd's PostgreSQL trait on by default (see Package.swift)
#
# PostgreSQL refuses to run as root: as root, the server runs as the unprivileged user
# codd-pg (created when missing). Binaries: PG_BIN, else the newest under /usr/lib/postgresql.
# Port: CODD_POSTGRES_PORT, else the first free one from 54329.
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: bash scripts/with-postgres.sh COMMAND [ARGUMENTS…]" >&2
    exit 2
fi

bin="${PG_BIN:-}"
if [ -z "$bin" ]; then
    bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "with-postgres.sh: no PostgreSQL server binaries (apt-get install postgresql-15, or set PG_BIN)" >&2
    exit 1
fi

runas=()
owner="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
    owner=codd-pg
    if ! id "$owner" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$owner"
    fi
    runas=(runuser -u "$owner" --)
fi

port="${CODD_POSTGRES_PORT:-}"
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [ -z "$port" ]; then
    port=54329
    while ! port_free "$port"; do port=$((port + 1)); done
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/codd-postgres.XXXXXX")"
chmod 755 "$workdir"
data="$workdir/data"
socket="$workdir/socket"
mkdir -p "$data" "$socket"
chown "$owner" "$data" "$socket"
chmod 700 "$data"
password="codd-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$password" > "$workdir/password"
chown "$owner" "$workdir/password"

cleanup() {
    "${runas[@]}" "$bin/pg_ctl" -D "$data" stop -m immediate >/dev/null 2>&1 || true
    rm -rf "$workdir"
}
trap cleanup EXIT

"${runas[@]}" "$bin/initdb" -D "$data" -U codd --pwfile="$workdir/password" \
    --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C >"$workdir/initdb.log" 2>&1 \
    || { cat "$workdir/initdb.log" >&2; exit 1; }

options="-c listen_addresses=127.0.0.1 -p $port -k $socket -c fsync=off -c max_connections=60 -c timezone=UTC"
cat > "$workdir/ctl.sh" <<CTL
#!/bin/bash
# stop | start this test server
case "\$1" in
  stop) exec ${runas[*]} "$bin/pg_ctl" -D "$data" stop -m immediate -w ;;
  start)
    # The server outlives this script: it must not keep the caller's descriptors open (a
    # test that waits for this script through a pipe would wait for the server instead).
    for fd in \$(ls /proc/\$\$/fd); do [ "\$fd" -gt 2 ] && eval "exec \$fd>&-" 2>/dev/null; done
    exec ${runas[*]} "$bin/pg_ctl" -D "$data" -l "$workdir/server.log" -o "$options" start -w ;;
  status) exec ${runas[*]} "$bin/pg_ctl" -D "$data" status ;;
  *) echo "usage: ctl.sh stop|start|status" >&2; exit 2 ;;
esac
CTL
chmod 755 "$workdir/ctl.sh"
touch "$workdir/server.log"
chown "$owner" "$workdir/server.log"

bash "$workdir/ctl.sh" start >/dev/null || { cat "$workdir/server.log" >&2; exit 1; }
"${runas[@]}" "$bin/createdb" -h "$socket" -p "$port" -U codd codd_test

export CODD_POSTGRES_HOST=127.0.0.1
export CODD_POSTGRES_PORT="$port"
export CODD_POSTGRES_USER=codd
export CODD_POSTGRES_PASSWORD="$password"
export CODD_POSTGRES_DB=codd_test
export CODD_POSTGRES_URL="postgres://codd:$password@127.0.0.1:$port/codd_test"
export CODD_POSTGRES_CTL="$workdir/ctl.sh"
# Codd's PostgreSQL trait on, so the command builds CoddPostgres and its tests (Package.swift).
export CODD_POSTGRES=1
echo "with-postgres.sh: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

set +e
"$@"
status=$?
set -e
exit "$status"
