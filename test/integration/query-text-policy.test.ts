import { makeResponseCompleted } from "@answerscope/contracts";
import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import { evaluateOutcomes, queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANTS = { full: "t-qt-full", redacted: "t-qt-default", none: "t-qt-none" } as const;
const KEYS = Object.fromEntries(Object.values(TENANTS).map((tenant) => [tenant, `${tenant}-ingest-key-00000`]));
const T0 = Date.parse("2026-12-01T10:00:00.000Z");
const FIRST = "How do I reset the VPN token? I'm jane.doe@example.com, call +1 415 555 0100";
const FOLLOW_UP = "That's wrong, try again: my key sk-abcdef123456 still fails";

/**
 * docs/privacy.md: each tenant's query_text stored as its mode says, through the collector, the
 * query category and re-ask detection the same whatever the mode.
 */
describe("query_text per tenant policy", () => {
  let warehouse: Warehouse;
  let service: RunningService;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_qtext");
    warehouse = created.warehouse;
    service = await startIngestService(
      loadIngestConfig({
        PORT: "0",
        ...created.env,
        ANSWERSCOPE_KEYS: Object.entries(KEYS)
          .map(([tenant, key]) => `ingest:${tenant}:${key}`)
          .join(","),
        // The default tenant is configured by leaving it out: the built-in default is `redacted`.
        ANSWERSCOPE_PRIVACY: JSON.stringify({
          tenants: { [TENANTS.full]: { query_text: "full" }, [TENANTS.none]: { query_text: "none" } },
        }),
      }),
    );
    for (const tenant of Object.values(TENANTS)) {
      const turn = (index: number, query_text: string) =>
        makeResponseCompleted({
          tenant_id: tenant,
          event_id: `${tenant}-r${index}`,
          response_id: `${tenant}-r${index}`,
          session_id: "s1",
          user_id: "u1",
          turn_index: index,
          query_text,
          occurred_at: new Date(T0 + index * 60_000).toISOString(),
        });
      const res = await fetch(`http://127.0.0.1:${service.port}/v1/events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${KEYS[tenant]}` },
        body: JSON.stringify([turn(0, FIRST), turn(1, FOLLOW_UP)]),
      });
      expect(res.status).toBe(202);
    }
    await evaluateOutcomes(warehouse, { settleMs: 0, now: T0 + 3_600_000 });
  });

  afterAll(async () => {
    await service.stop();
    await dropTestWarehouse(warehouse);
  });

  const stored = (tenant: string) =>
    queryRows<{ response_id: string; query_text: string; query_category: string }>(
      warehouse,
      `SELECT response_id, query_text, query_category FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(tenant)} ORDER BY response_id`,
    );

  it("stores the text as sent under full, masked under the default, only the re-ask phrase under none", async () => {
    expect((await stored(TENANTS.full)).map((row) => row.query_text)).toEqual([FIRST, FOLLOW_UP]);
    expect((await stored(TENANTS.redacted)).map((row) => row.query_text)).toEqual([
      "How do I reset the VPN token? I'm [EMAIL], call [PHONE]",
      "That's wrong, try again: my key [REDACTED] still fails",
    ]);
    expect((await stored(TENANTS.none)).map((row) => row.query_text)).toEqual(["", "that's wrong"]);
  });

  it("classifies the query and detects the re-ask alike under every mode", async () => {
    const categories = await Promise.all(
      Object.values(TENANTS).map(async (tenant) => (await stored(tenant)).map((row) => row.query_category)),
    );
    expect(categories[1]).toEqual(categories[0]);
    expect(categories[2]).toEqual(categories[0]);
    for (const tenant of Object.values(TENANTS)) {
      const labels = await queryRows<{ response_id: string; followup_is_reask: number }>(
        warehouse,
        `SELECT response_id, followup_is_reask FROM ${warehouse.table("response_labels")} FINAL WHERE tenant_id = ${sqlValue(tenant)} ORDER BY response_id`,
      );
      expect(
        labels.map((row) => [row.response_id, Number(row.followup_is_reask)]),
        tenant,
      ).toEqual([
        [`${tenant}-r0`, 1],
        [`${tenant}-r1`, 0],
      ]);
    }
  });
});
