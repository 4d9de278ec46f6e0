import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { progress } from "./progress";

/**
 * Waits (bounded) until ClickHouse's background merges are done, so timings do not compete with
 * them: those of `w`'s database, or with `allDatabases` those of every database on the server (what
 * earlier sections stored: right after the ingest section's runs the freshness p95 was 3.1 s, the
 * freshness section alone 1.1 s).
 */
export async function waitForMerges(
  w: Warehouse,
  { maxSeconds = 120, allDatabases = false }: { maxSeconds?: number; allDatabases?: boolean } = {},
): Promise<void> {
  const deadline = Date.now() + maxSeconds * 1000;
  const scope = allDatabases ? "" : ` WHERE database = ${sqlValue(w.target.database)}`;
  while (Date.now() < deadline) {
    const rows = await queryRows<{ n: number }>(w, `SELECT count() AS n FROM system.merges${scope}`);
    if (Number(rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  progress(`merges still running after ${maxSeconds} s; timing anyway`);
}
