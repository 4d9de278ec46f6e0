import { describe, expect, it } from "vitest";
import type { ResponseRow, ToolCallRow } from "../sink/rows";
import { intentRows } from "./write-intents";

const HOUR = 3_600_000;
const response = (tenant_id: string, occurred_at_ms: number, ingested_at_ms: number) =>
  ({ tenant_id, occurred_at_ms, ingested_at_ms }) as ResponseRow;
const toolCall = (tenant_id: string, occurred_at_ms: number, ingested_at_ms: number) =>
  ({ tenant_id, occurred_at_ms, ingested_at_ms }) as ToolCallRow;

describe("intentRows", () => {
  it("announces one row per tenant with its hours, its earliest ingestion and the expiry", () => {
    const rows = intentRows(
      {
        responses: [response("a", 5 * HOUR + 10, 30), response("b", HOUR, 7)],
        toolCalls: [toolCall("a", 2 * HOUR + 1, 20), toolCall("a", 5 * HOUR + 99, 40)],
      },
      123_000,
    );
    expect(rows.map(({ intent_id, ...row }) => row).sort((x, y) => (x.tenant_id < y.tenant_id ? -1 : 1))).toEqual([
      { tenant_id: "a", hour_starts: [2 * 3600, 5 * 3600], min_ingested_at_ms: 20, expires_at_ms: 123_000, sign: 1 },
      { tenant_id: "b", hour_starts: [3600], min_ingested_at_ms: 7, expires_at_ms: 123_000, sign: 1 },
    ]);
    expect(new Set(rows.map((row) => row.intent_id)).size).toBe(2);
  });

  it("announces nothing for a batch without responses or tool-call events (nothing that feeds a view)", () => {
    expect(intentRows({ responses: [], toolCalls: [] }, 1)).toEqual([]);
  });
});
