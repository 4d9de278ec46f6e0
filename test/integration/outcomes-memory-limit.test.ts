import { evaluateOutcomes, sqlValue, type ChunkProgress, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateEdgeCaseDataset, referenceLabels } from "../reference";
import { loadRawEvents } from "../src/load-events";
import { expectReferenceLabels, REFERENCE_OPTIONS } from "../src/outcome-labels";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

// ClickHouse's own text for code 241, as the benchmark's largest tenant got it at 200,000 responses per chunk.
const MEMORY_LIMIT =
  "Code: 241, e.displayText() = DB::Exception: Memory limit (for query) exceeded: would use 1.86 GiB, maximum: 1.86 GiB";

/**
 * The test's warehouse, with one fault injected: a server whose memory fits at most `maxChunk`
 * responses per evaluation. The real server runs every query; an evaluation query (the one that
 * reads the session's `outcome_chunk` table) over a larger chunk is refused with ClickHouse's
 * memory-limit error instead. The chunk's size is counted on the server, in the same session.
 * (A real limit cannot be aimed at a chunk size: on a data set this small, a query's memory is
 * mostly its read buffers.)
 */
function withChunkMemoryLimit(
  w: Warehouse,
  maxChunk: number,
  error: () => Error,
): { warehouse: Warehouse; chunkSizes: number[] } {
  const chunkSizes: number[] = [];
  const client = new Proxy(w.client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property !== "query" || typeof value !== "function")
        return typeof value === "function" ? value.bind(target) : value;
      return async (params: Parameters<typeof target.query>[0]) => {
        if (
          params.session_id &&
          params.query.startsWith("SELECT tenant_id, response_id") &&
          params.query.includes("FROM outcome_chunk")
        ) {
          const counted = await target.query({
            query: "SELECT count() AS n FROM outcome_chunk",
            format: "JSONEachRow",
            session_id: params.session_id,
          });
          const size = Number((await counted.json<{ n: number }>())[0]?.n);
          chunkSizes.push(size);
          if (size > maxChunk) throw error();
        }
        return target.query(params);
      };
    },
  });
  return { warehouse: { ...w, client }, chunkSizes };
}

const memoryLimitError = () => Object.assign(new Error(MEMORY_LIMIT), { code: "241" });

describe("outcome evaluator at the server's memory limit", () => {
  let warehouse: Warehouse;
  const dataset = generateEdgeCaseDataset(Number(process.env.REF_SEED ?? 1));

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_outcomes_memory"));
    await loadRawEvents(warehouse, dataset.events);
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("halves a chunk that passes the limit, and the rest, until they fit; every response is labelled once, as the reference says", async () => {
    // A third of the largest tenant: its one chunk is halved twice, to quarters.
    const largest = Math.max(
      ...dataset.tenants.map((tenant) => referenceLabels(dataset.events, tenant, REFERENCE_OPTIONS).size),
    );
    const maxChunk = Math.ceil(largest / 3);
    const limited = withChunkMemoryLimit(warehouse, maxChunk, memoryLimitError);
    const progress: ChunkProgress[] = [];
    const run = await evaluateOutcomes(limited.warehouse, {
      firstPassChunkSize: 1_000_000,
      onChunk: (p) => progress.push(p),
    });

    for (const tenant of dataset.tenants) await expectReferenceLabels(warehouse, dataset.events, tenant);
    // Some tenant was too large for one chunk, so the limit was met and chunks were halved.
    const splits = progress.filter((p) => p.split);
    expect(splits.length).toBeGreaterThan(0);
    expect(Math.max(...limited.chunkSizes)).toBeGreaterThan(maxChunk);
    // Each chunk was evaluated once it fitted, and the evaluated chunks add up to every candidate of each tenant.
    for (const tenant of run.perTenant) {
      const last = progress.filter((p) => p.tenantId === tenant.tenantId && !p.split).at(-1);
      expect(last?.evaluated).toBe(tenant.candidates);
      expect(last?.chunkSize).toBeLessThanOrEqual(maxChunk);
    }
    expect(run.written).toBe(run.candidates);
  });

  it("does not retry other errors: the run fails with the server's error", async () => {
    const broken = withChunkMemoryLimit(warehouse, 0, () =>
      Object.assign(new Error("Code: 60, e.displayText() = DB::Exception: Table does not exist"), { code: "60" }),
    );
    // Every tenant starts over: a lowered watermark makes every response a candidate again.
    for (const tenant of dataset.tenants) {
      await warehouse.client.command({
        query: `INSERT INTO ${warehouse.table("outcome_watermarks")} (tenant_id, watermark_ms, updated_at_ms) VALUES (${sqlValue(tenant)}, 0, ${Date.now() + 3_600_000})`,
      });
    }
    await expect(evaluateOutcomes(broken.warehouse, { now: Date.now() + 2 * 3_600_000 })).rejects.toThrow(
      /Table does not exist/,
    );
    expect(broken.chunkSizes).toHaveLength(1);
  });
});
