#!/usr/bin/env bash
# Start (or find running) a local ClickHouse cluster: one ZooKeeper and 2 shards x 2 replicas
# of clickhouse-server, every process on free 127.0.0.1 ports with project-local data dirs.
#
#   services/clickhouse-cluster/start.sh [NAME]        NAME defaults to "cluster"
#
# ZooKeeper (Debian's `zookeeper`, run as a plain java process) keeps its state in
# ${ANSWERSCOPE_DATA_DIR:-<repo>/.data}/zookeeper-NAME/. The four servers are ordinary
# services/clickhouse instances named NAME-s1r1, NAME-s1r2, NAME-s2r1, NAME-s2r2, each with a
# config.d/cluster.xml (macros, remote_servers, zookeeper) written here before it starts; one of
# them can be stopped and started again with services/clickhouse/{stop,start}.sh NAME-sXrY.
# Prints, once every server answers and sees ZooKeeper:
#   CLICKHOUSE_URL=<first node>  CLICKHOUSE_CLUSTER=answerscope
#   CLICKHOUSE_NODE_URLS=<s1r1>,<s1r2>,<s2r1>,<s2r2>  ZOOKEEPER=127.0.0.1:<port>
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
AS_PROG="clickhouse-cluster/start"
# shellcheck source=../lib/common.sh
. "$HERE/../lib/common.sh"

NAME="cluster"
for arg in "$@"; do
  case "$arg" in
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    -*) as_die "unknown option $arg" ;;
    *) NAME="$arg" ;;
  esac
done
as_check_name "$NAME"
CLUSTER="answerscope"
NODES=(s1r1 s1r2 s2r1 s2r2)
TIMEOUT="${CLICKHOUSE_START_TIMEOUT:-60}"
ROOT="$(as_data_root)"
ZK_DIR="$ROOT/zookeeper-$NAME"
mkdir -p "$ZK_DIR/data" "$ZK_DIR/log"
as_lock "$ZK_DIR/.lock"

# --- ZooKeeper -------------------------------------------------------------------------------
zk_classpath() {
  # Debian installs the server jar and its dependencies under /usr/share/java.
  local jars=() j
  for j in zookeeper zookeeper-jute netty-buffer netty-codec netty-common netty-handler netty-resolver \
           netty-transport netty-transport-native-unix-common netty-transport-classes-epoll \
           slf4j-api slf4j-simple log4j-over-slf4j commons-cli commons-io metrics-core snappy-java jline; do
    [ -e "/usr/share/java/$j.jar" ] && jars+=("/usr/share/java/$j.jar")
  done
  (IFS=:; echo "${jars[*]}")
}
[ -e /usr/share/java/zookeeper.jar ] || as_apt_install zookeeper
command -v java >/dev/null 2>&1 || as_die "java not found (ZooKeeper needs a JRE, e.g. openjdk-17-jre-headless)"

ZK_PIDFILE="$ZK_DIR/zookeeper.pid"
ZK_CFG="$ZK_DIR/zoo.cfg"
ZK_PORT="$(sed -n 's/^clientPort=\([0-9]*\)$/\1/p' "$ZK_CFG" 2>/dev/null || true)"
zk_ok() { [ "$(echo ruok | timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$0"; cat >&3; cat <&3' "$1" 2>/dev/null || true)" = imok ]; }
ZK_PID="$(as_read_pid "$ZK_PIDFILE")"
if [ -z "$ZK_PID" ] || ! as_pid_alive "$ZK_PID" "$ZK_CFG"; then
  if [ -z "$ZK_PORT" ] || ! as_port_free "$ZK_PORT"; then ZK_PORT="$(as_free_ports 1)"; fi
  # tickTime 500 lets a ClickHouse session time out in 3 s (2-20 ticks), so a restarted
  # replica re-registers quickly; ruok is the readiness probe. forceSync=no: a local test
  # cluster does not need ZooKeeper's fsync per write, which on a busy disk made every
  # replicated INSERT and DROP wait (a real deployment keeps it on).
  as_write_file "$ZK_CFG" "tickTime=500
initLimit=10
syncLimit=5
dataDir=$ZK_DIR/data
clientPort=$ZK_PORT
clientPortAddress=127.0.0.1
maxClientCnxns=0
admin.enableServer=false
4lw.commands.whitelist=ruok,stat,mntr
forceSync=no"
  as_spawn "$ZK_PIDFILE" "$ZK_DIR/log/zookeeper.log" "$ZK_DIR" \
    java -Xmx256m -Dzookeeper.log.dir="$ZK_DIR/log" -cp "$(zk_classpath)" \
    org.apache.zookeeper.server.ZooKeeperServerMain "$ZK_CFG"
  ZK_PID="$(as_read_pid "$ZK_PIDFILE")"
fi
deadline=$((SECONDS + TIMEOUT))
until zk_ok "$ZK_PORT"; do
  as_pid_alive "$ZK_PID" "$ZK_CFG" || { tail -n 30 "$ZK_DIR/log/zookeeper.log" >&2; as_die "ZooKeeper exited during startup"; }
  [ "$SECONDS" -lt "$deadline" ] || as_die "ZooKeeper did not answer ruok on port $ZK_PORT within ${TIMEOUT}s"
  sleep 0.2
done
as_log "ZooKeeper is up: pid $ZK_PID, port $ZK_PORT"

# --- ports of the four servers ---------------------------------------------------------------
# Every server's config names every other server's TCP port, so all ports are fixed before any
# server starts: the recorded ones when all are still free (or used by our running servers),
# else twelve new ones.
node_dir() { echo "$ROOT/clickhouse-$NAME-$1"; }
recorded_port() { sed -n "s/^$2=\([0-9]*\)$/\1/p" "$(node_dir "$1")/ports" 2>/dev/null || true; }
node_running() { local pid; pid="$(as_read_pid "$(node_dir "$1")/clickhouse.pid")"; [ -n "$pid" ] && as_pid_alive "$pid" "$(node_dir "$1")/etc/config.xml"; }
reuse=1
for n in "${NODES[@]}"; do
  for key in HTTP_PORT TCP_PORT INTERSERVER_PORT; do
    p="$(recorded_port "$n" "$key")"
    if [ -z "$p" ] || { ! node_running "$n" && ! as_port_free "$p"; }; then reuse=0; fi
  done
done
if [ "$reuse" = 0 ]; then
  for n in "${NODES[@]}"; do node_running "$n" && as_die "server $NAME-$n runs but its ports are not usable; run services/clickhouse-cluster/stop.sh $NAME"; done
  mapfile -t PORTS < <(as_free_ports 12)
  [ "${#PORTS[@]}" = 12 ] || as_die "could not find free ports"
  i=0
  for n in "${NODES[@]}"; do
    mkdir -p "$(node_dir "$n")/etc/config.d"
    as_write_file "$(node_dir "$n")/ports" "HTTP_PORT=${PORTS[$i]}
TCP_PORT=${PORTS[$((i + 1))]}
INTERSERVER_PORT=${PORTS[$((i + 2))]}"
    i=$((i + 3))
  done
fi

# --- cluster config of each server -----------------------------------------------------------
replica_xml() { printf '                <replica><host>127.0.0.1</host><port>%s</port></replica>\n' "$(recorded_port "$1" TCP_PORT)"; }
REMOTE_SERVERS="$(printf '            <shard>\n                <internal_replication>true</internal_replication>\n%s\n%s\n            </shard>\n            <shard>\n                <internal_replication>true</internal_replication>\n%s\n%s\n            </shard>' \
  "$(replica_xml s1r1)" "$(replica_xml s1r2)" "$(replica_xml s2r1)" "$(replica_xml s2r2)")"
ONE_REPLICA_SHARDS="$(printf '            <shard>\n                <internal_replication>true</internal_replication>\n%s\n            </shard>\n            <shard>\n                <internal_replication>true</internal_replication>\n%s\n            </shard>' "$(replica_xml s1r1)" "$(replica_xml s2r1)")"
for n in "${NODES[@]}"; do
  mkdir -p "$(node_dir "$n")/etc/config.d"
  shard="0${n:1:1}"
  sed -e "s|@ZK_PORT@|$ZK_PORT|g" -e "s|@SHARD@|$shard|g" -e "s|@REPLICA@|$n|g" -e "s|@CLUSTER@|$CLUSTER|g" \
    "$HERE/cluster.xml" | awk -v servers="$REMOTE_SERVERS" -v one="$ONE_REPLICA_SHARDS" '{ if ($0 ~ /@ONE_REPLICA_SHARDS@/) print one; else if ($0 ~ /@SHARDS@/) print servers; else print }' \
    >"$(node_dir "$n")/etc/config.d/cluster.xml.tmp"
  mv -f "$(node_dir "$n")/etc/config.d/cluster.xml.tmp" "$(node_dir "$n")/etc/config.d/cluster.xml"
done

# --- the four servers, started in parallel ---------------------------------------------------
pids=()
for n in "${NODES[@]}"; do
  CLICKHOUSE_START_TIMEOUT="$TIMEOUT" bash "$HERE/../clickhouse/start.sh" "$NAME-$n" >"$(node_dir "$n")/start.out" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" = 0 ] || as_die "a server of cluster $NAME did not start (see the messages above)"

urls=()
for n in "${NODES[@]}"; do urls+=("http://127.0.0.1:$(recorded_port "$n" HTTP_PORT)"); done
# Ready means every server reaches ZooKeeper (the replicated tables and ON CLUSTER need it).
for url in "${urls[@]}"; do
  until [ "$(as_http_get "$url/?query=SELECT%20count()%3E0%20FROM%20system.zookeeper%20WHERE%20path%3D'%2F'" 2>/dev/null || true)" = 1 ]; do
    [ "$SECONDS" -lt "$deadline" ] || as_die "server $url does not see ZooKeeper within ${TIMEOUT}s"
    sleep 0.2
  done
done
# Ready also means every server's distributed DDL worker runs ON CLUSTER statements: once in 11
# back-to-back test runs, the first ON CLUSTER statement of a migration on a fresh cluster waited
# over 120 s for one server. So a probe statement is repeated (each try waits 15 s at most) until
# all four servers have run it.
ddl() { clickhouse-client --host 127.0.0.1 --port "$(recorded_port s1r1 TCP_PORT)" --distributed_ddl_task_timeout=15 --query "$1" >/dev/null 2>&1; }
ddl_deadline=$((SECONDS + 180))
until ddl "CREATE DATABASE IF NOT EXISTS answerscope_ready ON CLUSTER $CLUSTER"; do
  [ "$SECONDS" -lt "$ddl_deadline" ] || as_die "an ON CLUSTER statement did not reach every server of cluster $NAME within 180 s"
  as_log "waiting for every server to run ON CLUSTER statements"
done
ddl "DROP DATABASE IF EXISTS answerscope_ready ON CLUSTER $CLUSTER" || as_log "the probe database answerscope_ready was not dropped everywhere (harmless, empty)"
as_log "cluster $NAME is up: 2 shards x 2 replicas (${urls[*]}), ZooKeeper 127.0.0.1:$ZK_PORT"
ENV_LINES="CLICKHOUSE_URL=${urls[0]}
CLICKHOUSE_CLUSTER=$CLUSTER
CLICKHOUSE_NODE_URLS=$(IFS=,; echo "${urls[*]}")
ZOOKEEPER=127.0.0.1:$ZK_PORT"
as_write_file "$ZK_DIR/env" "$ENV_LINES"
echo "$ENV_LINES"
