import { currentLabelsSql, queryRows, type Warehouse } from "@answerscope/warehouse";
import { expect } from "vitest";
import { referenceLabels, type LabelInfo, type RawEvent, type ReferenceOptions } from "../reference";

/**
 * The reference's options for label checks: none, so it applies its own re-ask phrases (the spec's
 * list; the product's longer list must give the same labels on texts that hold only those).
 */
export const REFERENCE_OPTIONS: ReferenceOptions = {};

export interface LabelRow {
  response_id: string;
  label: string;
  label_reason: string;
  followup_response_id: string;
  followup_is_reask: number;
  window_closed: number;
  explicit_rating: string;
  has_failed_tool: number;
  occurred_at_ms: number;
  tool_used: string;
  /** Per entry of OUTCOME_ROLLUP_DIMENSIONS; UInt64 comes as a string in JSON. */
  prev_ms_by_dimension: (string | number)[];
}

/** The tenant's current label rows, by response id. */
export async function storedLabels(warehouse: Warehouse, tenantId: string): Promise<Map<string, LabelRow>> {
  const rows = await queryRows<LabelRow>(warehouse, `SELECT * FROM (${currentLabelsSql(warehouse, { tenantId })})`);
  return new Map(rows.map((row) => [row.response_id, row]));
}

/** A stored label row in the reference's shape. */
const asLabelInfo = (row: LabelRow): LabelInfo => ({
  label: row.label as LabelInfo["label"],
  label_reason: row.label_reason as LabelInfo["label_reason"],
  followup_response_id: row.followup_response_id || null,
  is_reask: Number(row.followup_is_reask) === 1,
  window_closed: Number(row.window_closed) === 1,
  explicit_rating: (row.explicit_rating || null) as LabelInfo["explicit_rating"],
  has_failed_tool: Number(row.has_failed_tool) === 1,
});

/** The tenant's stored labels are exactly the reference's for `events`: the same responses, each with every field equal. */
export async function expectReferenceLabels(
  warehouse: Warehouse,
  events: readonly RawEvent[],
  tenantId: string,
): Promise<void> {
  const expected = referenceLabels(events, tenantId, REFERENCE_OPTIONS);
  const stored = await storedLabels(warehouse, tenantId);
  const actual = new Map([...stored].map(([id, row]) => [id, asLabelInfo(row)]));
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [id, info] of expected) expect({ id, ...actual.get(id) }).toEqual({ id, ...info });
}
