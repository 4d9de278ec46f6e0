// Profile: what the duplicate checks' lookups read, fact tables against key tables, at several tenant sizes (18.16 server).
/**
 * The "already stored?" lookups of 5,000-row writes of new events (the writes measureDuplicateChecks
 * checks) on the queries section's generated data set at each size given (total responses; the
 * largest tenant holds half). Per write, the lookups of responses, tool calls and feedback side by
 * side as prepareFacts runs them: once on the fact tables, as the product does, and once on key
 * tables of the same rows ordered by (tenant_id, cityHash64(id)) in 64-row granules, the lever
 * issue 53 proposed, built here in the profile's database; in alternating order. From
 * system.query_log, each table's median statement: duration, ClickHouse CPU, rows read and bytes
 * decompressed. Then the whole check (prepareFacts). A data set of that size already loaded is reused.
 *
 * Run: `ANSWERSCOPE_DATA_DIR=<dir> nice -n 10 node --import tsx bench/src/scale/duplicate-checks-profile.ts
 * [runs=10] [responses...=200000 2000000]`.
 */
import { FACT_TABLES, migrate, queryRows, sqlValue, type FactBatch, type Warehouse } from "@answerscope/warehouse";
import { startClickHouse } from "@answerscope/test-kit";
import { createBenchWarehouse } from "../bench-warehouse";
import { waitForMerges } from "../merges";
import { progress } from "../progress";
import { timingOf } from "../stats";
import { dataWindowEndingAt } from "./data-shape";
import { measureDuplicateChecks, newEventWrites } from "./duplicate-checks";
import { loadedDataSet } from "./loaded-data-set";
import { loadScaleData, scaleCountsFor } from "./load-scale-data";
import { lookupReadsText, lookupReads } from "./lookup-reads";
import { LARGEST_TENANT } from "./scale-section";

const [runs = 10, ...sizes] = process.argv.slice(2).map(Number);
const KINDS = ["responses", "toolCalls", "feedback"] as const;
const hashTable = (table: string) => `${table}_by_hash`;

async function dataSet(w: Warehouse, responses: number): Promise<void> {
  if (await loadedDataSet(w, responses).catch(() => undefined)) {
    await migrate(w);
    return;
  }
  await w.client.command({ query: `DROP DATABASE IF EXISTS ${w.target.database}` });
  await migrate(w);
  await loadScaleData(w, scaleCountsFor(responses), dataWindowEndingAt(Date.now()));
}

/** A key table of `table`'s lookup columns ordered by the id's hash, filled from the facts once. */
async function hashKeyTable(w: Warehouse, table: string, key: readonly string[]): Promise<void> {
  const id = key[1]!;
  const target = w.table(hashTable(table));
  await w.client.command({ query: `DROP TABLE IF EXISTS ${target}` });
  await w.client.command({
    query: `CREATE TABLE ${target} ENGINE = MergeTree ORDER BY (tenant_id, cityHash64(${id})) SETTINGS index_granularity = 64
      AS SELECT ${key.join(", ")} FROM ${w.table(table)}`,
  });
  await w.client.command({ query: `OPTIMIZE TABLE ${target} FINAL` });
}

/**
 * One write's lookups of the three kinds at once, as key-lookup.ts writes them (the id set a
 * PREWHERE, the tenant a WHERE), on the fact tables or, hashed, on their key tables.
 */
async function lookups(w: Warehouse, write: FactBatch, onKeyTables: boolean): Promise<number> {
  const started = performance.now();
  await Promise.all(
    KINDS.map(async (kind) => {
      const { table, key } = FACT_TABLES[kind];
      const rows = write[kind] as unknown as Record<string, unknown>[];
      const id = key[1];
      const ids = `arrayJoin([${[...new Set(rows.map((row) => String(row[id])))].map((v) => sqlValue(v)).join(", ")}])`;
      const from = w.table(onKeyTables ? hashTable(table) : table);
      const prewhere = onKeyTables ? `cityHash64(${id}) IN (SELECT cityHash64(${ids}))` : `${id} IN (SELECT ${ids})`;
      const query = `SELECT ${key.join(", ")} FROM ${from} PREWHERE ${prewhere} WHERE tenant_id IN (SELECT arrayJoin([${sqlValue(LARGEST_TENANT)}]))`;
      await queryRows(w, query, { clickhouse_settings: { max_query_size: String(Buffer.byteLength(query) + 4096) } });
    }),
  );
  return performance.now() - started;
}

const { url } = await startClickHouse();
for (const responses of sizes.length > 0 ? sizes : [200_000, 2_000_000]) {
  const w = createBenchWarehouse(url, `bench_dedup_${responses}`);
  await dataSet(w, responses);
  for (const kind of KINDS) await hashKeyTable(w, FACT_TABLES[kind].table, FACT_TABLES[kind].key);
  await waitForMerges(w);
  const tenant = await queryRows<{ n: number }>(
    w,
    `SELECT count() AS n FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(LARGEST_TENANT)}`,
  );
  progress(`${LARGEST_TENANT} of ${Number(tenant[0]?.n).toLocaleString("en")} responses:`);
  const since = Date.now();
  const writes = newEventWrites(LARGEST_TENANT, runs + 1);
  const times = { facts: [] as number[], keys: [] as number[] };
  for (const [index, write] of writes.entries()) {
    // Alternating order: the machine's speed drifts, and neither path should always go first.
    for (const onKeyTables of index % 2 === 0 ? [false, true] : [true, false]) {
      const ms = await lookups(w, write, onKeyTables);
      if (index > 0) times[onKeyTables ? "keys" : "facts"].push(ms);
    }
  }
  for (const [path, samples] of Object.entries(times)) {
    const { p50_ms, p95_ms } = timingOf(samples);
    progress(`  lookups on the ${path} tables: p50 ${p50_ms} ms, p95 ${p95_ms} ms`);
  }
  progress(`  ${lookupReadsText(await lookupReads(w, since))}`);
  const whole = await measureDuplicateChecks(w, LARGEST_TENANT, runs);
  progress(
    `  the whole check (prepareFacts): p50 ${whole.p50_ms} ms, p95 ${whole.p95_ms} ms.${lookupReadsText(whole.reads)}`,
  );
  await w.close();
}
