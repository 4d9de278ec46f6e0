import { makeFeedback, makeResponseCompleted } from "@answerscope/contracts";
import { querySamples, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadThroughSink } from "../src/load-through-sink";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "t-samples-race";
const MINUTE = 60_000;
const to = Date.parse("2026-11-30T12:00:00.000Z");
const range = { tenantId: TENANT, from: new Date(to - 60 * MINUTE).toISOString(), to: new Date(to).toISOString() };
const at = (minutesBefore: number) => new Date(to - minutesBefore * MINUTE).toISOString();
const response = (id: string, minutesBefore: number, eventId = `evt_${id}`) =>
  makeResponseCompleted({ tenant_id: TENANT, event_id: eventId, response_id: id, occurred_at: at(minutesBefore) });

/**
 * warehouse/src/queries/query-samples.ts reads a page without a rating filter in two steps: the
 * page's ids, then those responses with their ratings. A response of the page that moves out of
 * range between the two (its corrected version arrives) must not cut the page short: the pages
 * would end early, their next_cursor null, with responses still to come.
 */
describe("a samples page whose response changes between its two reads", () => {
  let warehouse: Warehouse;
  let moves = 0;
  /** The warehouse, but the newest response moves two hours later right after the first read of the page's ids. */
  let racing: Warehouse;

  beforeAll(async () => {
    warehouse = (await createTestWarehouse("as_samples_race")).warehouse;
    await loadThroughSink(warehouse, [
      ...[1, 2, 3, 4].map((n) => response(`resp_${n}`, 50 - 10 * n)),
      makeFeedback({
        tenant_id: TENANT,
        event_id: "evt_fb_3",
        client_feedback_id: "cf_3",
        target_id: "resp_3",
        user_id: "user_1",
        rating: "down",
        reason: "wrong",
        occurred_at: at(5),
      }),
    ]);
    const query: Warehouse["client"]["query"] = async (params) => {
      const result = await warehouse.client.query(params);
      if (moves === 0 && params.query.startsWith("SELECT response_id FROM (")) {
        moves++;
        await loadThroughSink(warehouse, [response("resp_4", -120, "evt_resp_4_corrected")]);
      }
      return result;
    };
    racing = { ...warehouse, client: Object.assign(Object.create(warehouse.client), { query }) };
  });

  afterAll(async () => {
    await dropTestWarehouse(warehouse);
  });

  it("reads the page again, so it is full and the pages go on", async () => {
    const first = await querySamples(racing, { ...range, limit: 2 });
    expect(moves).toBe(1);
    expect(first.samples.map((sample) => [sample.response_id, sample.rating])).toEqual([
      ["resp_3", "down"],
      ["resp_2", null],
    ]);
    expect(first.next_cursor).not.toBeNull();
    const second = await querySamples(warehouse, { ...range, limit: 2, cursor: first.next_cursor! });
    expect(second.samples.map((sample) => sample.response_id)).toEqual(["resp_1"]);
    expect(second.next_cursor).toBeNull();
  });
});
