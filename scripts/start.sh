#!/usr/bin/env bash
# The one command that runs the product on a fresh machine: installs the node packages, starts
# `answerscope serve` (collector, outcome evaluator, query API and exporter in one process, on the
# embedded ClickHouse engine with its data in the data directory) and the dashboard, loads demo data
# through the collector, and keeps running until Ctrl-C (or `npm run stop`).
#   ANSWERSCOPE_ENGINE=server  the local ClickHouse 18.16 server instead of the embedded engine
#   ANSWERSCOPE_CLUSTER=1      ZooKeeper and a 2 x 2 ClickHouse cluster (a server engine too)
#   ANSWERSCOPE_KAFKA=1        a Kafka-protocol broker between the collector and the warehouse
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 KAFKAJS_NO_PARTITIONER_WARNING=1
export ANSWERSCOPE_DATA_DIR="${ANSWERSCOPE_DATA_DIR:-$PWD/.data}"
STACK_DIR="$ANSWERSCOPE_DATA_DIR/stack"
mkdir -p "$STACK_DIR"
[ "${ANSWERSCOPE_CLUSTER:-}" = 1 ] && ANSWERSCOPE_ENGINE=server
ENGINE="${ANSWERSCOPE_ENGINE:-embedded}"
case "$ENGINE" in embedded | server) ;; *) echo "ANSWERSCOPE_ENGINE is embedded or server, not $ENGINE" >&2; exit 2 ;; esac

step() { printf '\n== %s\n' "$*"; }

if [ "$ENGINE" = server ] || [ "${ANSWERSCOPE_KAFKA:-}" = 1 ]; then
  step "system packages"
  bash scripts/install-system-deps.sh
fi
step "node packages"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

step "services"
# The warehouse and the broker are named here only, never taken from the calling shell.
unset CLICKHOUSE_URL CLICKHOUSE_CLUSTER KAFKA_BROKERS
if [ "${ANSWERSCOPE_CLUSTER:-}" = 1 ]; then
  eval "export $(bash services/clickhouse-cluster/start.sh stack | grep -E '^CLICKHOUSE_(URL|CLUSTER)=' | tr '\n' ' ')"
elif [ "$ENGINE" = server ]; then
  eval "export $(bash services/clickhouse/start.sh stack | grep '^CLICKHOUSE_URL=')"
fi
if [ "${ANSWERSCOPE_KAFKA:-}" = 1 ]; then
  eval "export $(bash services/kafka-mock/start.sh stack --partitions 6 | grep '^KAFKA_BROKERS=')"
fi
WAREHOUSE="${CLICKHOUSE_URL:-embedded ClickHouse in the serving process, data in $ANSWERSCOPE_DATA_DIR/warehouse}"
BROKER="${KAFKA_BROKERS:-none: the collector writes to the warehouse in-process}"

# Demo keys: made once per machine, kept out of the repository.
KEYS_FILE="$STACK_DIR/keys.json"
if [ ! -f "$KEYS_FILE" ]; then
  node -e '
    const { randomBytes } = require("node:crypto");
    const key = () => randomBytes(18).toString("base64url");
    const keys = ["demo", "acme"].flatMap((tenant) => [{ key: key(), tenant_id: tenant, kind: "ingest" }, { key: key(), tenant_id: tenant, kind: "read" }]);
    require("node:fs").writeFileSync(process.argv[1], JSON.stringify({ keys }, null, 2));
  ' "$KEYS_FILE"
fi
export ANSWERSCOPE_KEYS_FILE="$KEYS_FILE"

declare -a PIDS=()
stop_all() {
  trap - EXIT INT TERM
  step "stopping"
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${ANSWERSCOPE_KAFKA:-}" = 1 ]; then bash services/kafka-mock/stop.sh stack || true; fi
  if [ "${ANSWERSCOPE_CLUSTER:-}" = 1 ]; then bash services/clickhouse-cluster/stop.sh stack || true
  elif [ "$ENGINE" = server ]; then bash services/clickhouse/stop.sh stack || true; fi
}
trap stop_all EXIT INT TERM

run() { # name, command...
  local name="$1"; shift
  "$@" >"$STACK_DIR/$name.log" 2>&1 &
  PIDS+=("$!")
  echo "$!" >"$STACK_DIR/$name.pid"
  echo "started $name (pid $!, log $STACK_DIR/$name.log)"
}

wait_http() { # url, what, pid of its process
  for _ in $(seq 1 120); do
    if curl -fsS "$1" >/dev/null 2>&1; then return 0; fi
    if ! kill -0 "$3" 2>/dev/null; then echo "$2 exited; its log:" >&2; tail -n 20 "$STACK_DIR/$4.log" >&2; return 1; fi
    sleep 0.5
  done
  echo "$2 did not become ready; see $STACK_DIR/$4.log" >&2
  return 1
}

step "answerscope"
# The services run from plain JavaScript bundles (scripts/build-services.ts), rebuilt at every start.
npm run -s build:services
# Trace links: the demo has no tracing system, so a trace link opens the answer's own detail page in
# the dashboard, whose tool-call timeline is the trace (demo/src/trace-link-template.ts); a
# TRACE_URL_TEMPLATE of the calling shell (a real Langfuse) wins.
TRACE_URL_TEMPLATE="${TRACE_URL_TEMPLATE:-$(node --import tsx demo/src/trace-link-template.ts http://127.0.0.1:3000)}"
# Every role in one process (server/README.md), each on its own port as when run alone.
run answerscope env COLLECTOR_PORT=4318 API_PORT=4320 EXPORTER_PORT=4321 HOST=127.0.0.1 EXPORTER_HOST=127.0.0.1 OUTCOME_INTERVAL_MS=5000 TRACE_URL_TEMPLATE="$TRACE_URL_TEMPLATE" node dist/server/src/main.mjs
SERVE_PID=$!
wait_http http://127.0.0.1:4318/readyz "the collector" "$SERVE_PID" answerscope
wait_http http://127.0.0.1:4320/healthz "the query API" "$SERVE_PID" answerscope

# The dashboard: the production build (made once, again only when its sources changed), served by
# `next start`; it reads only through the query API, with the read key of whoever logs in.
DASHBOARD_BUILD=dashboard/.next/BUILD_ID
if [ ! -f "$DASHBOARD_BUILD" ] || [ -n "$(find dashboard/src dashboard/package.json dashboard/next.config.ts -newer "$DASHBOARD_BUILD" -print -quit)" ]; then
  step "dashboard build (about 30 s)"
  npm run build -w @answerscope/dashboard
fi
run dashboard env API_URL=http://127.0.0.1:4320 NODE_ENV=production node node_modules/next/dist/bin/next start dashboard -p 3000 -H 127.0.0.1
DASHBOARD_PID=$!
wait_http http://127.0.0.1:3000/login "the dashboard" "$DASHBOARD_PID" dashboard

step "demo data (last 24 h, through the collector; vikingbot's own labels on 30 % of the chat sessions)"
# Flags, not environment: KAFKA_BROKERS, when set for the collector, would name a second destination.
mapfile -t DEMO_KEY_ARGS < <(node -e 'for (const e of require(process.argv[1]).keys) if (e.kind === "ingest") console.log(`--key\n${e.tenant_id}=${e.key}`)' "$KEYS_FILE")
node --import tsx demo/src/cli.ts --collector http://127.0.0.1:4318 "${DEMO_KEY_ARGS[@]}" --events "${DEMO_EVENTS:-20000}"

READ_KEYS=$(node -e 'console.log(require(process.argv[1]).keys.filter((e) => e.kind === "read").map((e) => `  ${e.tenant_id}: ${e.key}`).join("\n"))' "$KEYS_FILE")
cat <<INFO

Answerscope is running:
  dashboard     http://127.0.0.1:3000   (log in with a tenant and its read key below)
  collector     http://127.0.0.1:4318/v1/events   (ingest keys in $KEYS_FILE)
  query API     http://127.0.0.1:4320/api/v1/metrics?from=...&to=...
  exporter      http://127.0.0.1:4321/metrics
  ingest        http://127.0.0.1:4318/metrics
  ClickHouse    $WAREHOUSE
  Kafka         $BROKER
  trace links   $TRACE_URL_TEMPLATE
read keys:
$READ_KEYS
Ctrl-C stops everything.
INFO
wait
