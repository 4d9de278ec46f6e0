#!/usr/bin/env bash
# npm run bench [-- --responses 1000000 ...]: the benchmark of bench/ (see bench/README.md), run
# from its bundle, as the worker it measures is (scripts/build-services.ts, BENCH_ENTRY).
set -euo pipefail
cd "$(dirname "$0")/.."
node --import tsx scripts/build-services.ts bench >&2
exec node dist/bench/src/main.mjs "$@"
