import { matchesFilters } from "./metrics";
import { buildTenantState } from "./state";
import type { Filters, RawEvent, ReferenceOptions, ToolRow, ToolsQuery } from "./types";
import { cmpStr, ms, quantile, ratio } from "./util";

/** Per tool_name figures over the reduced tool calls whose time (first event) is in [from, to), or with response filters those of the matching responses. */
export function referenceTools(
  events: readonly RawEvent[],
  query: ToolsQuery,
  opts: ReferenceOptions = {},
): { rows: ToolRow[] } {
  const state = buildTenantState(events, query.tenant_id, opts);
  const from = ms(query.from);
  const to = ms(query.to);
  const { tool_name: toolNames, ...rest } = query.filters ?? {};
  const responseFilters = rest as Filters;
  const scoped = Object.values(responseFilters).some((v) => Array.isArray(v) && v.length > 0);
  let allowed: Set<string> | null = null;
  if (scoped) {
    allowed = new Set();
    for (const r of state.responses.values()) {
      if (r.t >= from && r.t < to && matchesFilters(r, responseFilters)) allowed.add(r.response_id);
    }
  }
  const groups = new Map<
    string,
    {
      calls: number;
      completed: number;
      failed: number;
      unfinished: number;
      durations: number[];
      cats: Map<string, number>;
    }
  >();
  for (const c of state.toolCalls) {
    // docs/metrics.md: with a response filter, the calls of the matching responses (which are in
    // range), whatever the call's own time; without one, the calls whose first event is in range.
    if (!allowed && (c.t < from || c.t >= to)) continue;
    if (toolNames && toolNames.length > 0 && !toolNames.includes(c.tool_name)) continue;
    if (allowed && !(c.response_id && allowed.has(c.response_id))) continue;
    let g = groups.get(c.tool_name);
    if (!g) {
      g = { calls: 0, completed: 0, failed: 0, unfinished: 0, durations: [], cats: new Map() };
      groups.set(c.tool_name, g);
    }
    g.calls++;
    if (c.status === "completed") g.completed++;
    else if (c.status === "failed") {
      g.failed++;
      if (c.error_category !== null) g.cats.set(c.error_category, (g.cats.get(c.error_category) ?? 0) + 1);
    } else g.unfinished++;
    if (c.status !== "started" && c.duration_ms !== null) g.durations.push(c.duration_ms);
  }
  const rows: ToolRow[] = [...groups.entries()]
    .sort((a, b) => cmpStr(a[0], b[0]))
    .map(([tool_name, g]) => ({
      tool_name,
      calls: g.calls,
      completed: g.completed,
      failed: g.failed,
      unfinished: g.unfinished,
      error_rate: ratio(g.failed, g.completed + g.failed),
      duration_p95_ms: quantile(g.durations, 0.95, opts.quantile ?? "linear"),
      top_error_categories: [...g.cats.entries()]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || cmpStr(a.category, b.category)),
    }));
  return { rows };
}
