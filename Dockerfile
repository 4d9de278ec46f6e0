# One image for every Node process of Answerscope; docker-compose picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY warehouse/package.json warehouse/
COPY ingest/package.json ingest/
COPY demo/package.json demo/
COPY alerts/package.json alerts/
COPY dashboard/package.json dashboard/
COPY test/package.json test/
RUN npm ci --no-audit --no-fund
COPY . .
CMD ["node", "--import", "tsx", "ingest/src/main.ts"]
