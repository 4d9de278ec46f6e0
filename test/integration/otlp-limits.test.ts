import type { RunningService } from "@answerscope/ingest";
import { startTestCollector } from "../src/test-collector";
import type { Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OVERSIZED_POST_CLIENTS } from "../src/oversized-post";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const INGEST_KEY = "otlp-limits-ingest-key-001";
// Large enough that the loopback socket's buffers cannot take the rest of the body: answering before
// reading it to its end would then break Python's send (a broken pipe instead of the 413).
const LIMIT = 4 * 1024 * 1024;

// OTLP's error answers take the runtime's reply path (runtime/src/http/respond.ts): a body over the
// limit is read and discarded up to a bound before its 413, so a client that sends the whole body
// before reading (Python's urllib) receives it, in OTLP's google.rpc.Status (code 8, RESOURCE_EXHAUSTED).
describe("OTLP receiver limits every client understands", () => {
  let warehouse: Warehouse;
  let service: RunningService;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_otlp_limits");
    warehouse = created.warehouse;
    service = await startTestCollector(created, {
      ANSWERSCOPE_KEYS: `ingest:acme:${INGEST_KEY}`,
      COLLECTOR_MAX_BODY_BYTES: String(LIMIT),
    });
  });

  afterAll(async () => {
    await service?.stop();
    if (warehouse) await dropTestWarehouse(warehouse);
  });

  it.each(OVERSIZED_POST_CLIENTS)("answers a trace export over the limit 413 that %s receives", async (_, send) => {
    const received = await send({
      url: `http://127.0.0.1:${service.port}/v1/traces`,
      key: INGEST_KEY,
      contentType: "application/json",
      // Over the limit, within what the collector reads and discards before it answers (DISCARD_FACTOR).
      bytes: Math.round(LIMIT * 3.5),
    });
    expect(received.status).toBe(413);
    expect(JSON.parse(received.body)).toEqual({ code: 8, message: expect.stringContaining("the limit") });
  });
});
