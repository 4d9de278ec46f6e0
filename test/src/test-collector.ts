import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";

/**
 * The collector in this process, writing to a test's warehouse (from createTestWarehouse) on a free
 * port; `settings` are the ingest environment the test sets on top (keys, limits), as main.ts reads them.
 */
export function startTestCollector(
  created: { url: string; database: string },
  settings: Parameters<typeof loadIngestConfig>[0],
): Promise<RunningService> {
  return startIngestService(
    loadIngestConfig({ CLICKHOUSE_URL: created.url, CLICKHOUSE_DATABASE: created.database, PORT: "0", ...settings }),
  );
}
