import { describe, expect, it } from "vitest";
import type { FactBatch } from "../sink/fact-tables";
import { hourRuns, mergeScopes, viewRepairScopes } from "./repair-scope";

const HOUR = 3_600_000;
const row = (tenant_id: string, occurred_at_ms: number, ingested_at_ms: number) => ({
  tenant_id,
  occurred_at_ms,
  ingested_at_ms,
});

describe("view repair scopes", () => {
  it("takes each tenant's hours of responses and tool-call events, and their earliest ingestion", () => {
    const batch = {
      responses: [row("a", 5 * HOUR + 10, 900), row("b", 2 * HOUR, 950)],
      toolCalls: [row("a", 5 * HOUR + HOUR - 1, 800), row("a", 7 * HOUR + 1, 990)],
    } as unknown as Pick<FactBatch, "responses" | "toolCalls">;
    expect(viewRepairScopes(batch)).toEqual([
      { tenantId: "a", hourStarts: [5 * HOUR, 7 * HOUR], minIngestedAtMs: 800 },
      { tenantId: "b", hourStarts: [2 * HOUR], minIngestedAtMs: 950 },
    ]);
  });

  it("merges scopes per tenant: the union of hours, the earliest ingestion", () => {
    expect(
      mergeScopes([
        { tenantId: "a", hourStarts: [3 * HOUR], minIngestedAtMs: 50 },
        { tenantId: "b", hourStarts: [HOUR], minIngestedAtMs: 70 },
        { tenantId: "a", hourStarts: [HOUR, 3 * HOUR], minIngestedAtMs: 20 },
      ]),
    ).toEqual([
      { tenantId: "a", hourStarts: [HOUR, 3 * HOUR], minIngestedAtMs: 20 },
      { tenantId: "b", hourStarts: [HOUR], minIngestedAtMs: 70 },
    ]);
  });

  it("turns hours into runs of consecutive hours, whatever their order and repeats", () => {
    expect(hourRuns([4 * HOUR, HOUR, 2 * HOUR, HOUR, 9 * HOUR])).toEqual([
      [HOUR, 3 * HOUR],
      [4 * HOUR, 5 * HOUR],
      [9 * HOUR, 10 * HOUR],
    ]);
    expect(hourRuns([])).toEqual([]);
  });
});
