#!/usr/bin/env bash
# npm run bench [-- --responses 1000000 ...]: the benchmark of bench/ (see bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --import tsx bench/src/main.ts "$@"
