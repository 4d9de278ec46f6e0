#!/usr/bin/env bash
# The one command that runs every test on a fresh machine: installs what is missing,
# starts the real services the tests use (ClickHouse, a local ClickHouse cluster with ZooKeeper,
# the mock Kafka broker, Prometheus, Chromium), runs the checks and the test suites, and stops what it started.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1

step() { printf '\n== %s\n' "$*"; }

step "system packages"
bash scripts/install-system-deps.sh

step "node packages"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

step "typecheck"
npx turbo run typecheck --output-logs=errors-only

# ESLint with type information (floating and misused promises, unused code, type-only imports) and
# Prettier's check of the format (`npm run format` writes it): eslint.config.js, prettier.config.js.
step "lint and format"
npm run --silent lint
npm run --silent format:check

# dependency-cruiser: contracts <- warehouse <- runtime and the services; the dashboard only through
# the API; no package reads another's files by relative path (.dependency-cruiser.cjs).
step "layering"
npm run --silent layers

step "docker-compose config"
docker-compose -f docker-compose.yml config -q && echo "docker-compose.yml is valid"
docker-compose -f docker-compose.yml -f docker-compose.cluster.yml config -q && echo "docker-compose.yml + docker-compose.cluster.yml are valid"

step "dashboard build (the browser tests run the production build)"
npm run build -w @answerscope/dashboard

# The cluster project starts its own ZooKeeper and 2 x 2 ClickHouse servers in its global setup
# and stops exactly those in its teardown (test/src/cluster-global-setup.ts).
# engine-26 runs the suites that check what SQL returns once more, on ClickHouse 26.x embedded
# through chDB (the integration project runs them on the 18.16 server): a failure on either fails.
step "tests (unit, integration, cluster, browser and engine-26, against real services)"
mkdir -p test-results
status=0
# Every project vitest.config.ts declares; `npm test -- --project unit` runs one of them.
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || status=$?

# A closing line that any CI reads the same way.
node -e '
  const r = require("./test-results/vitest.json");
  // A file that fails outside its tests (a hook, an import) counts as a failure too.
  const failed = r.numFailedTests || r.numFailedTestSuites;
  console.log(`\n${r.numPassedTests} passed, ${failed} failed` + (r.numPendingTests + r.numTodoTests ? `, ${r.numPendingTests + r.numTodoTests} skipped` : ""));
' || true
exit $status
