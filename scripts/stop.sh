#!/usr/bin/env bash
# Stops a stack started by scripts/start.sh in another terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
STACK_DIR="${ANSWERSCOPE_DATA_DIR:-$PWD/.data}/stack"
for pidfile in "$STACK_DIR"/*.pid; do
  [ -f "$pidfile" ] || continue
  kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
  rm -f "$pidfile"
done
bash services/kafka-mock/stop.sh stack || true
bash services/clickhouse/stop.sh stack || true
bash services/clickhouse-cluster/stop.sh stack || true
