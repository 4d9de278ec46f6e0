#!/usr/bin/env bash
# Stop a mock broker started by start.sh.
#
#   services/kafka-mock/stop.sh [NAME] [--wipe]     NAME defaults to "default"
#
# Sends SIGTERM to exactly the recorded pid, waits up to 20 s, then SIGKILL. Keeps the recorded
# port (a later start.sh NAME listens on it again) unless --wipe is given. Messages are lost
# either way (the mock keeps them in memory only).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
AS_PROG="kafka-mock/stop"
# shellcheck source=../lib/common.sh
. "$HERE/../lib/common.sh"

NAME="default"
WIPE=0
for arg in "$@"; do
  case "$arg" in
    --wipe) WIPE=1 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    -*) as_die "unknown option $arg" ;;
    *) NAME="$arg" ;;
  esac
done
as_check_name "$NAME"

DIR="$(as_data_root)/kafka-$NAME"
if [ ! -d "$DIR" ]; then
  as_log "no instance '$NAME' ($DIR does not exist)"
  exit 0
fi
as_lock "$DIR/.lock"

as_stop_pid "$DIR/mock_broker.pid" "$DIR/" 20 "mock broker ($NAME)"
rm -f "$DIR/env" "$DIR/bootstrap"

if [ "$WIPE" = 1 ]; then
  rm -rf "$DIR"
  as_log "wiped $DIR"
fi
