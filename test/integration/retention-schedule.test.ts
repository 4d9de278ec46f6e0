import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { metricValue, spawnEntry, startIngestProcess, waitFor, type IngestProcess } from "@answerscope/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset } from "../reference";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const SHORT = "t-short";
const KEPT = "t-kept";
const DAY_MS = 86_400_000;
const PRIVACY = JSON.stringify({ tenants: { [SHORT]: { retention_days: 1 } } });
const template = (generateEdgeCaseDataset(42).events as unknown as Record<string, unknown>[]).find(
  (event) => event.event_type === "response_completed",
)!;
/** An answer of `tenant` that happened `daysAgo` days before now. */
const answer = (tenant: string, id: string, daysAgo: number) => ({
  ...template,
  tenant_id: tenant,
  event_id: `ev-${id}`,
  response_id: id,
  session_id: `s-${id}`,
  occurred_at: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
});

/**
 * The retention as an operator meets it: `answerscope retention --dry-run | --apply`, and the
 * writing process (the collector without Kafka) deleting on its own schedule, with its log line
 * and its metric. retention.test.ts checks what goes from which table.
 */
describe("retention, scheduled and on demand", () => {
  let w: Warehouse;
  let env: Record<string, string>;
  let collector: IngestProcess | undefined;
  const responses = async () =>
    (
      await queryRows<{ id: string }>(
        w,
        `SELECT response_id AS id FROM ${w.table("responses")} WHERE tenant_id IN (${sqlValue(SHORT)}, ${sqlValue(KEPT)}) ORDER BY id`,
      )
    ).map((row) => row.id);
  const command = async (flag: string) => {
    const run = spawnEntry("server/src/retention/main.ts", { ...env, ANSWERSCOPE_PRIVACY: PRIVACY }, [flag]);
    return { code: await run.exited, output: run.output() };
  };

  beforeAll(async () => {
    const created = await createTestWarehouse("as_retention_run");
    ({ warehouse: w, env } = created);
    await loadThroughSink(w, [
      answer(SHORT, "short-old", 5),
      answer(SHORT, "short-new", 0),
      answer(KEPT, "kept-old", 5),
    ]);
  });

  afterAll(async () => {
    await collector?.stop("SIGTERM");
    await dropTestWarehouse(w);
  });

  it("--dry-run says what would go and deletes nothing", async () => {
    const { code, output } = await command("--dry-run");
    expect(code, output).toBe(0);
    expect(output).toMatch(/retention: t-short keeps 1 days \(from [^)]+\): would delete responses=1 /);
    expect(output).not.toMatch(/t-kept/);
    expect(await responses()).toEqual(["kept-old", "short-new", "short-old"]);
  });

  it("the writing process deletes on its schedule, logs it and counts it", async () => {
    collector = await startIngestProcess({
      ...env,
      KAFKA_BROKERS: "",
      MIGRATE_ON_START: "false",
      ANSWERSCOPE_PRIVACY: PRIVACY,
    });
    const port = collector.port;
    await waitFor(
      () => metricValue(port, "answerscope_ingest_retention_deleted_rows_total"),
      (deleted) => deleted > 0,
      { timeoutMs: 60_000, what: "the collector's retention" },
    );
    expect(await responses()).toEqual(["kept-old", "short-new"]);
    expect(collector.output()).toMatch(/retention: t-short keeps 1 days \(from [^)]+\): deleted responses=1 /);
    await collector.stop("SIGTERM");
    collector = undefined;
  });

  it("--apply deletes now and prints what it deleted", async () => {
    await loadThroughSink(w, [answer(SHORT, "short-late", 3)], 250, { receivedAtMs: Date.now() + 1000 });
    expect(await responses()).toContain("short-late");
    const { code, output } = await command("--apply");
    expect(code, output).toBe(0);
    expect(output).toMatch(/deleted responses=1 /);
    expect(JSON.parse(output.slice(output.indexOf("{")))).toMatchObject({
      applied: true,
      tenants: [{ tenantId: SHORT, retentionDays: 1, rows: { responses: 1 } }],
    });
    expect(await responses()).toEqual(["kept-old", "short-new"]);
  });
});
