#!/usr/bin/env bash
# Installs the Debian packages that the tests and the local stack run for real:
# ClickHouse, librdkafka (the mock Kafka broker is built against it), Prometheus +
# Alertmanager (promtool), Chromium and a CJK font (browser tests, screenshots of Chinese
# queries), docker-compose (config check).
set -euo pipefail
packages=(clickhouse-server clickhouse-client librdkafka-dev gcc prometheus prometheus-alertmanager chromium fonts-wqy-zenhei docker-compose zookeeper)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
# Debian's packages start their own services where an init system runs; ours run on project-local ports.
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
