# One image for every Node process of Answerscope; docker-compose picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# Every workspace's package.json, so `npm ci` sees the same tree as package-lock.json.
COPY contracts/package.json contracts/
COPY warehouse/package.json warehouse/
COPY runtime/package.json runtime/
COPY evaluator/package.json evaluator/
COPY ingest/package.json ingest/
COPY api/package.json api/
COPY demo/package.json demo/
COPY alerts/package.json alerts/
COPY dashboard/package.json dashboard/
COPY server/package.json server/
COPY importer/package.json importer/
COPY sdk/package.json sdk/
COPY bench/package.json bench/
COPY test-kit/package.json test-kit/
COPY test/package.json test/
RUN npm ci --no-audit --no-fund
COPY . .
# The services run from plain JavaScript bundles (scripts/build-services.ts), not through tsx.
RUN npm run build:services
CMD ["node", "--max-old-space-size=256", "--heap-growing-percent=200", "dist/ingest/src/main.mjs"]
