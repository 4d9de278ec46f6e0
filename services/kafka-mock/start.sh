#!/usr/bin/env bash
# Start (or find running) a Kafka-protocol mock broker (librdkafka's mock cluster, see
# mock_broker.c).
#
#   services/kafka-mock/start.sh [NAME] [--topics a,b,c] [--partitions N] [--brokers N]
#
# NAME defaults to "default". Topics and partitions default to $KAFKA_MOCK_TOPICS /
# $KAFKA_MOCK_PARTITIONS, else the five answerscope.* topics with 4 partitions each. Builds
# bin/mock_broker with gcc (-lrdkafka) when missing or older than mock_broker.c. State lives in
# ${ANSWERSCOPE_DATA_DIR:-<repo>/.data}/kafka-NAME/; the port is chosen at the first start and
# reused later. Prints "KAFKA_BROKERS=127.0.0.1:<port>" on stdout (and writes it to <dir>/env).
# Messages live in memory only: a restart starts with empty topics.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
AS_PROG="kafka-mock/start"
# shellcheck source=../lib/common.sh
. "$HERE/../lib/common.sh"

DEFAULT_TOPICS="answerscope.response_completed,answerscope.tool_call,answerscope.feedback_submitted,answerscope.external_outcome_recorded,answerscope.dlq"
NAME="default"
TOPICS="${KAFKA_MOCK_TOPICS:-$DEFAULT_TOPICS}"
PARTITIONS="${KAFKA_MOCK_PARTITIONS:-4}"
BROKERS="${KAFKA_MOCK_BROKERS:-1}"
while [ $# -gt 0 ]; do
  case "$1" in
    --topics) [ $# -ge 2 ] || as_die "--topics needs a value"; TOPICS="$2"; shift 2 ;;
    --topics=*) TOPICS="${1#*=}"; shift ;;
    --partitions) [ $# -ge 2 ] || as_die "--partitions needs a value"; PARTITIONS="$2"; shift 2 ;;
    --partitions=*) PARTITIONS="${1#*=}"; shift ;;
    --brokers) [ $# -ge 2 ] || as_die "--brokers needs a value"; BROKERS="$2"; shift 2 ;;
    --brokers=*) BROKERS="${1#*=}"; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) as_die "unknown option $1" ;;
    *) NAME="$1"; shift ;;
  esac
done
as_check_name "$NAME"
TOPICS="$(printf '%s' "$TOPICS" | tr -d ' ')"
[[ "$TOPICS" =~ ^[A-Za-z0-9._,-]*$ ]] || as_die "invalid topic list '$TOPICS' (letters, digits, . _ - separated by commas)"
[[ "$PARTITIONS" =~ ^[1-9][0-9]{0,2}$ ]] || as_die "invalid partition count '$PARTITIONS'"
[[ "$BROKERS" =~ ^[1-9]$ ]] || as_die "invalid broker count '$BROKERS' (1-9)"

SRC="$HERE/mock_broker.c"
BIN="$HERE/bin/mock_broker"

build() {
  if [ ! -f /usr/include/librdkafka/rdkafka_mock.h ] || ! command -v gcc >/dev/null 2>&1; then
    as_apt_install gcc libc6-dev librdkafka-dev
  fi
  mkdir -p "$HERE/bin"
  as_log "building $BIN"
  gcc -O2 -Wall -o "$BIN.tmp.$$" "$SRC" -lrdkafka -ldl || { rm -f "$BIN.tmp.$$"; as_die "gcc failed"; }
  mv -f "$BIN.tmp.$$" "$BIN"
}

DIR="$(as_data_root)/kafka-$NAME"
mkdir -p "$DIR"
as_lock "$DIR/.lock"

# bin/ is shared by all instances: build under a lock of its own.
if [ ! -x "$BIN" ] || [ "$BIN" -ot "$SRC" ]; then
  mkdir -p "$HERE/bin"
  (
    as_lock "$HERE/bin/.build.lock"
    if [ ! -x "$BIN" ] || [ "$BIN" -ot "$SRC" ]; then build; fi
  )
fi

PIDFILE="$DIR/mock_broker.pid"
PORTFILE="$DIR/port"
ENVFILE="$DIR/env"
CONFFILE="$DIR/config"
READYFILE="$DIR/bootstrap"
LOG="$DIR/mock_broker.log"
CONF="topics=$TOPICS partitions=$PARTITIONS brokers=$BROKERS"
TIMEOUT="${KAFKA_MOCK_START_TIMEOUT:-20}"

report() {
  as_write_file "$ENVFILE" "KAFKA_BROKERS=$1"
  echo "KAFKA_BROKERS=$1"
}

first_port() { local b="${1%%,*}"; echo "${b##*:}"; }

# Already running?
PID="$(as_read_pid "$PIDFILE")"
if [ -n "$PID" ] && as_pid_alive "$PID" "$DIR/"; then
  if [ "$(cat "$CONFFILE" 2>/dev/null || true)" != "$CONF" ]; then
    as_die "mock broker '$NAME' already runs with $(cat "$CONFFILE" 2>/dev/null || echo '?'), not $CONF; stop it first (services/kafka-mock/stop.sh $NAME) or use another NAME"
  fi
  [ -s "$READYFILE" ] || as_die "mock broker '$NAME' runs as pid $PID but $READYFILE is missing; stop it first"
  BOOT="$(head -n1 "$READYFILE")"
  as_tcp_open "$(first_port "$BOOT")" || as_die "mock broker '$NAME' (pid $PID) does not accept connections on $BOOT"
  report "$BOOT"
  exit 0
fi
rm -f "$PIDFILE" "$ENVFILE" "$READYFILE"

# Reuse the recorded port if it is free (mock_broker falls back to a random port otherwise).
PORT="$(tr -dc '0-9' 2>/dev/null <"$PORTFILE" || true)"
if [ -n "$PORT" ] && ! as_port_free "$PORT"; then
  as_log "warning: recorded port $PORT of mock broker '$NAME' is in use by another process; choosing a new one"
  PORT=""
fi
if [ -z "$PORT" ]; then
  PORT="$(as_free_ports 1)"
fi

as_write_file "$CONFFILE" "$CONF"
{ echo; echo "=== $(date -u '+%Y-%m-%dT%H:%M:%SZ') starting mock broker ($CONF, port $PORT)"; } >>"$LOG"
as_spawn "$PIDFILE" "$LOG" "$DIR" "$BIN" --port "$PORT" --brokers "$BROKERS" \
  --partitions "$PARTITIONS" --topics "$TOPICS" --ready-file "$READYFILE"
PID="$(as_read_pid "$PIDFILE")"

deadline=$((SECONDS + TIMEOUT))
until [ -s "$READYFILE" ]; do
  if ! as_pid_alive "$PID" "$DIR/"; then
    tail -n 20 "$LOG" >&2 || true
    as_die "mock broker '$NAME' exited during startup (log: $LOG)"
  fi
  [ "$SECONDS" -lt "$deadline" ] || { tail -n 20 "$LOG" >&2 || true; as_die "mock broker '$NAME' not ready within ${TIMEOUT}s"; }
  sleep 0.05
done
BOOT="$(head -n1 "$READYFILE")"
ACTUAL="$(first_port "$BOOT")"
until as_tcp_open "$ACTUAL"; do
  [ "$SECONDS" -lt "$deadline" ] || as_die "mock broker '$NAME' does not accept connections on $BOOT"
  sleep 0.05
done
as_write_file "$PORTFILE" "$ACTUAL"
as_log "mock broker ($NAME) is up: pid $PID, $BOOT, $CONF"
report "$BOOT"
