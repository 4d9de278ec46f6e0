import { queryRows, type Warehouse } from "@answerscope/warehouse";
import { spanOf, type TimeWindow } from "../windows";
import { inWindowMs, inWindowTime, perWindow, windowValues } from "./window-sql";

/** Finished tool calls of one tool per window, and how many of them completed. */
export interface ToolFigures {
  tenant: string;
  toolName: string;
  finished: number[];
  completed: number[];
}

const VERSION = "(occurred_at_ms, event_id)";
const TERMINAL = "status != 'started'";

/**
 * Tool calls reduced as in facts/reduced-tool-calls.ts, restricted to the events in the span:
 * the status and tool name of the latest terminal event, the call's time its earliest event
 * seen. A call whose `started` lies before the span is timed by its terminal event instead,
 * which only matters at the span's start (the baseline's oldest minutes).
 */
export async function readToolFigures(warehouse: Warehouse, windows: readonly TimeWindow[]): Promise<ToolFigures[]> {
  const span = spanOf(windows);
  const inCallTime = (window: TimeWindow) => inWindowMs("call_at_ms", window);
  const sql = `SELECT tenant_id, call_tool_name AS tool_name,
      ${[...perWindow(windows, "finished", (c) => `countIf(${c})`, inCallTime), ...perWindow(windows, "completed", (c) => `countIf(call_status = 'completed' AND ${c})`, inCallTime)].join(",\n      ")}
    FROM (
      SELECT tenant_id, tool_call_id,
        argMaxIf(status, ${VERSION}, ${TERMINAL}) AS call_status,
        argMaxIf(tool_name, ${VERSION}, ${TERMINAL}) AS call_tool_name,
        min(occurred_at_ms) AS call_at_ms
      FROM (
        SELECT tenant_id, tool_call_id, status, tool_name, occurred_at_ms, event_id
        FROM ${warehouse.table("tool_call_events")}
        WHERE ${inWindowTime("occurred_at", span)} AND ${inWindowMs("occurred_at_ms", span)}
        LIMIT 1 BY tenant_id, event_id
      )
      GROUP BY tenant_id, tool_call_id
    )
    WHERE call_status IN ('completed', 'failed')
    GROUP BY tenant_id, call_tool_name`;
  const rows = await queryRows<Record<string, unknown>>(warehouse, sql);
  return rows.map((row) => ({
    tenant: String(row.tenant_id),
    toolName: String(row.tool_name),
    finished: windowValues(row, "finished", windows),
    completed: windowValues(row, "completed", windows),
  }));
}
