#!/usr/bin/env bash
# npm run bench [-- --responses 1000000 ...]: the benchmark of bench/ (see bench/README.md), run
# from its bundle, as the worker it measures is (scripts/build-services.ts, BENCH_ENTRY).
set -euo pipefail
cd "$(dirname "$0")/.."
node --import tsx scripts/build-services.ts bench >&2
# BENCH_NODE_FLAGS: node flags of the bench process, e.g. the worker's heap flags (bench/README.md, Profiling).
# shellcheck disable=SC2086 # several flags, split on spaces
exec node ${BENCH_NODE_FLAGS:-} dist/bench/src/main.mjs "$@"
