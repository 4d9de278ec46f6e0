#!/usr/bin/env bash
# Start (or find running) a project-local clickhouse-server instance.
#
#   services/clickhouse/start.sh [NAME]        NAME defaults to "default"
#
# State lives in ${ANSWERSCOPE_DATA_DIR:-<repo>/.data}/clickhouse-NAME/ (config, data, logs,
# ports, pid). Ports are chosen at the first start and reused later, so a restarted instance
# answers on the same URL. Prints "CLICKHOUSE_URL=http://127.0.0.1:<port>" on stdout (and
# writes it to <dir>/env) once `SELECT 1` answers. Optional env: CLICKHOUSE_TZ (server time
# zone), CLICKHOUSE_SERVER_BIN (server binary), CLICKHOUSE_START_TIMEOUT (seconds, default 60).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
AS_PROG="clickhouse/start"
# shellcheck source=../lib/common.sh
. "$HERE/../lib/common.sh"

NAME="default"
for arg in "$@"; do
  case "$arg" in
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    -*) as_die "unknown option $arg" ;;
    *) NAME="$arg" ;;
  esac
done
as_check_name "$NAME"
TIMEOUT="${CLICKHOUSE_START_TIMEOUT:-60}"

DIR="$(as_data_root)/clickhouse-$NAME"
mkdir -p "$DIR/etc" "$DIR/log" "$DIR/data"
as_lock "$DIR/.lock"

PIDFILE="$DIR/clickhouse.pid"
PORTSFILE="$DIR/ports"
ENVFILE="$DIR/env"
CONFIG="$DIR/etc/config.xml"
STDOUT_LOG="$DIR/log/stdout.log"

find_server() {
  local c
  for c in "${CLICKHOUSE_SERVER_BIN:-}" "$(command -v clickhouse-server 2>/dev/null || true)" \
           /usr/sbin/clickhouse-server /usr/bin/clickhouse-server; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  return 1
}

SERVER_BIN="$(find_server || true)"
if [ -z "$SERVER_BIN" ]; then
  as_apt_install clickhouse-server clickhouse-client
  SERVER_BIN="$(find_server)" || as_die "clickhouse-server still not found after apt-get install"
fi

report() {
  local url="http://127.0.0.1:$1"
  as_write_file "$ENVFILE" "CLICKHOUSE_URL=$url"
  echo "CLICKHOUSE_URL=$url"
}

answers() { [ "$(as_http_get "http://127.0.0.1:$1/?query=SELECT%201" 2>/dev/null || true)" = 1 ]; }

show_logs() {
  as_log "--- tail of $STDOUT_LOG"; tail -n 20 "$STDOUT_LOG" >&2 2>/dev/null || true
  as_log "--- tail of $DIR/log/clickhouse-server.err.log"
  tail -n 30 "$DIR/log/clickhouse-server.err.log" >&2 2>/dev/null || true
}

# wait_ready <pid> <http port>: poll SELECT 1 until it answers, the process dies, or timeout.
wait_ready() {
  local pid="$1" port="$2" deadline=$((SECONDS + TIMEOUT))
  while [ "$SECONDS" -lt "$deadline" ]; do
    answers "$port" && return 0
    if ! as_pid_alive "$pid" "$CONFIG"; then
      show_logs
      as_die "clickhouse-server ($NAME) exited during startup"
    fi
    sleep 0.2
  done
  show_logs
  as_die "clickhouse-server ($NAME, pid $pid) did not answer on port $port within ${TIMEOUT}s"
}

HTTP_PORT="" TCP_PORT="" INTERSERVER_PORT=""
if [ -s "$PORTSFILE" ]; then
  HTTP_PORT="$(sed -n 's/^HTTP_PORT=\([0-9]*\)$/\1/p' "$PORTSFILE")"
  TCP_PORT="$(sed -n 's/^TCP_PORT=\([0-9]*\)$/\1/p' "$PORTSFILE")"
  INTERSERVER_PORT="$(sed -n 's/^INTERSERVER_PORT=\([0-9]*\)$/\1/p' "$PORTSFILE")"
fi

# Already running?
PID="$(as_read_pid "$PIDFILE")"
if [ -n "$PID" ] && as_pid_alive "$PID" "$CONFIG"; then
  [ -n "$HTTP_PORT" ] || as_die "clickhouse-server ($NAME) runs as pid $PID but $PORTSFILE is missing; run stop.sh $NAME"
  wait_ready "$PID" "$HTTP_PORT"
  report "$HTTP_PORT"
  exit 0
fi
rm -f "$PIDFILE" "$ENVFILE"

# Reuse the recorded ports; choose new ones only at the first start or if one is taken.
if [ -n "$HTTP_PORT" ] && [ -n "$TCP_PORT" ] && [ -n "$INTERSERVER_PORT" ]; then
  for p in "$HTTP_PORT" "$TCP_PORT" "$INTERSERVER_PORT"; do
    if ! as_port_free "$p"; then
      as_log "warning: recorded port $p of instance '$NAME' is in use by another process; choosing new ports (the URL changes)"
      HTTP_PORT=""
      break
    fi
  done
else
  HTTP_PORT=""
fi
if [ -z "$HTTP_PORT" ]; then
  mapfile -t PORTS < <(as_free_ports 3)
  [ "${#PORTS[@]}" = 3 ] || as_die "could not find free ports"
  HTTP_PORT="${PORTS[0]}" TCP_PORT="${PORTS[1]}" INTERSERVER_PORT="${PORTS[2]}"
  as_write_file "$PORTSFILE" "HTTP_PORT=$HTTP_PORT
TCP_PORT=$TCP_PORT
INTERSERVER_PORT=$INTERSERVER_PORT"
fi

# Render the config from the templates next to this script.
sed_escape() { printf '%s' "$1" | sed -e 's/[\\|&]/\\&/g'; }
TZ_LINE=""
if [ -n "${CLICKHOUSE_TZ:-}" ]; then
  [[ "$CLICKHOUSE_TZ" =~ ^[A-Za-z0-9/_+-]+$ ]] || as_die "invalid CLICKHOUSE_TZ"
  TZ_LINE="    <timezone>$CLICKHOUSE_TZ</timezone>"
fi
sed -e "s|@DIR@|$(sed_escape "$DIR")|g" \
    -e "s|@HTTP_PORT@|$HTTP_PORT|g" \
    -e "s|@TCP_PORT@|$TCP_PORT|g" \
    -e "s|@INTERSERVER_PORT@|$INTERSERVER_PORT|g" \
    -e "s|@TIMEZONE_LINE@|$(sed_escape "$TZ_LINE")|g" \
    "$HERE/config.xml" >"$CONFIG.tmp"
mv -f "$CONFIG.tmp" "$CONFIG"
cp -f "$HERE/users.xml" "$DIR/etc/users.xml"

{ echo; echo "=== $(date -u '+%Y-%m-%dT%H:%M:%SZ') starting $SERVER_BIN (http $HTTP_PORT, tcp $TCP_PORT)"; } >>"$STDOUT_LOG"
as_spawn "$PIDFILE" "$STDOUT_LOG" "$DIR" "$SERVER_BIN" --config-file="$CONFIG"
PID="$(as_read_pid "$PIDFILE")"
wait_ready "$PID" "$HTTP_PORT"
as_log "clickhouse-server ($NAME) is up: pid $PID, http $HTTP_PORT, tcp $TCP_PORT, dir $DIR"
report "$HTTP_PORT"
