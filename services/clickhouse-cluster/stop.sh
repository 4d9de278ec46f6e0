#!/usr/bin/env bash
# Stop the local ClickHouse cluster started by start.sh: its four servers, then its ZooKeeper,
# each by the pid it recorded (SIGTERM, then SIGKILL after 20 s).
#
#   services/clickhouse-cluster/stop.sh [NAME] [--wipe]     NAME defaults to "cluster"
#
# --wipe also deletes their data, config and ports.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
AS_PROG="clickhouse-cluster/stop"
# shellcheck source=../lib/common.sh
. "$HERE/../lib/common.sh"

NAME="cluster"
WIPE=()
for arg in "$@"; do
  case "$arg" in
    --wipe) WIPE=(--wipe) ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    -*) as_die "unknown option $arg" ;;
    *) NAME="$arg" ;;
  esac
done
as_check_name "$NAME"

pids=()
for n in s1r1 s1r2 s2r1 s2r2; do
  bash "$HERE/../clickhouse/stop.sh" "$NAME-$n" "${WIPE[@]}" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done

ZK_DIR="$(as_data_root)/zookeeper-$NAME"
if [ -d "$ZK_DIR" ]; then
  as_lock "$ZK_DIR/.lock"
  as_stop_pid "$ZK_DIR/zookeeper.pid" "$ZK_DIR/zoo.cfg" 20 "ZooKeeper ($NAME)"
  rm -f "$ZK_DIR/env"
  if [ "${#WIPE[@]}" = 1 ]; then rm -rf "$ZK_DIR"; as_log "wiped $ZK_DIR"; fi
fi
exit "$failed"
