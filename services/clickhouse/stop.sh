#!/usr/bin/env bash
# Stop a project-local clickhouse-server started by start.sh.
#
#   services/clickhouse/stop.sh [NAME] [--wipe] [--kill]     NAME defaults to "default"
#
# Sends SIGTERM to exactly the recorded pid, waits up to 20 s, then SIGKILL (--kill: SIGKILL at
# once, a crash for failover tests). Keeps data, config
# and ports (a later start.sh NAME reuses the same URL) unless --wipe is given.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
AS_PROG="clickhouse/stop"
# shellcheck source=../lib/common.sh
. "$HERE/../lib/common.sh"

NAME="default"
WIPE=0
KILL=0
for arg in "$@"; do
  case "$arg" in
    --wipe) WIPE=1 ;;
    --kill) KILL=1 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    -*) as_die "unknown option $arg" ;;
    *) NAME="$arg" ;;
  esac
done
as_check_name "$NAME"

DIR="$(as_data_root)/clickhouse-$NAME"
if [ ! -d "$DIR" ]; then
  as_log "no instance '$NAME' ($DIR does not exist)"
  exit 0
fi
as_lock "$DIR/.lock"

if [ "$KILL" = 1 ]; then
  PID="$(as_read_pid "$DIR/clickhouse.pid")"
  if [ -n "$PID" ] && as_pid_alive "$PID" "$DIR/etc/config.xml"; then kill -KILL "$PID"; fi
fi
as_stop_pid "$DIR/clickhouse.pid" "$DIR/etc/config.xml" 20 "clickhouse-server ($NAME)"
rm -f "$DIR/env"

if [ "$WIPE" = 1 ]; then
  rm -rf "$DIR"
  as_log "wiped $DIR"
fi
