import type { RunningService } from "@answerscope/ingest";
import { startTestCollector } from "../src/test-collector";
import type { Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OVERSIZED_POST_CLIENTS } from "../src/oversized-post";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const INGEST_KEY = "limits-ingest-key-00000001";
const BURST_KEY = "limits-burst-key-000000001";
// Each key: 3 requests at once, then one a second.
const BURST = 3;
// Large enough that the loopback socket's buffers cannot take the rest of the body: answering before
// reading it to its end would then break Python's send (a broken pipe instead of the 413).
const LIMIT = 4 * 1024 * 1024;
// Over the limit, within what the collector reads and discards before it answers (DISCARD_FACTOR).
const BODY_BYTES = Math.round(LIMIT * 3.5);

describe("collector limits every client understands", () => {
  let warehouse: Warehouse;
  let service: RunningService;
  let url: string;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_collector_limits");
    warehouse = created.warehouse;
    service = await startTestCollector(created, {
      ANSWERSCOPE_KEYS: `ingest:acme:${INGEST_KEY},ingest:acme:${BURST_KEY}`,
      COLLECTOR_MAX_BODY_BYTES: String(LIMIT),
      COLLECTOR_RATE_LIMIT_PER_S: "1",
      COLLECTOR_RATE_LIMIT_BURST: String(BURST),
    });
    url = `http://127.0.0.1:${service.port}/v1/events`;
  });

  afterAll(async () => {
    await service.stop();
    await dropTestWarehouse(warehouse);
  });

  it.each(OVERSIZED_POST_CLIENTS)("answers a body over the limit 413 too_large that %s receives", async (_, send) => {
    const received = await send({ url, key: INGEST_KEY, contentType: "application/json", bytes: BODY_BYTES });
    expect(received.status).toBe(413);
    expect((JSON.parse(received.body) as { error: { code: string } }).error.code).toBe("too_large");
  });

  it("answers a burst over a key's rate 429 with Retry-After, and counts both refusals on /metrics", async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST + 2 }, () =>
        fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${BURST_KEY}`, "content-type": "application/json" },
          body: "[]",
        }),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited.map((answer) => answer.headers.get("retry-after"))).toEqual(["1", "1"]);
    expect(((await limited[0]!.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    const metrics = await (await fetch(url.replace("/v1/events", "/metrics"))).text();
    const refused = (reason: string) =>
      Number(
        new RegExp(`^answerscope_ingest_requests_refused_total\\{reason="${reason}"\\} (\\S+)$`, "m").exec(
          metrics,
        )?.[1],
      );
    expect({ rate_limited: refused("rate_limited"), too_large: refused("too_large") }).toEqual({
      rate_limited: 2,
      too_large: 3,
    });
  });
});
