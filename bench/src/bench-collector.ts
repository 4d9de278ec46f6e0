import { queryRows, sqlValue } from "@answerscope/warehouse";
import { startIngestProcess } from "@answerscope/test-kit";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-warehouse";

export interface BenchCollector {
  port: number;
  /** Distinct answers (responses by event_id) the tenant has in the bench database. */
  storedAnswers(): Promise<number>;
  /** Stops the collector and drops its bench database. */
  stop(): Promise<void>;
}

/**
 * The collector as deployed (its own process, HTTP only, no broker) writing to a fresh bench
 * database `database`, taking one ingest key of `tenant`: what the sections that send through
 * the collector measure against.
 */
export async function startBenchCollector(
  url: string,
  database: string,
  { tenant, key }: { tenant: string; key: string },
): Promise<BenchCollector> {
  const w = await freshBenchDatabase(url, database);
  const collector = await startIngestProcess({
    CLICKHOUSE_URL: url,
    CLICKHOUSE_DATABASE: w.target.database,
    KAFKA_BROKERS: "",
    MIGRATE_ON_START: "false",
    ANSWERSCOPE_KEYS: `ingest:${tenant}:${key}`,
  }).catch(async (error: unknown) => {
    await dropBenchDatabase(w);
    throw error;
  });
  return {
    port: collector.port,
    storedAnswers: async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            w,
            `SELECT uniqExact(event_id) AS n FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(tenant)}`,
          )
        )[0]?.n,
      ),
    stop: async () => {
      await collector.stop("SIGTERM");
      await dropBenchDatabase(w);
    },
  };
}
