/**
 * The dashboard views the views section times, and what "figures visible" means on each: every
 * selector matches, at least `charts` charts have drawn (recharts draws on the client only), and
 * no panel shows its loading state. Each selector is an element that only a view's rendered
 * figures contain (a KPI's value, a table of rows, the verdict), never its loading fallback.
 */
export interface ViewCase {
  name: string;
  /** The view's address for a tenant's range; `responseId` is a response of the range (Response detail). */
  path: (range: { from: string; to: string }, responseId: string) => string;
  figures: readonly string[];
  charts: number;
}

const withRange = (path: string, range: { from: string; to: string }, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ ...range, ...extra }).toString()}`;

/** Two models every tenant of the data set has (scale/dimension-values.ts): the Compare view's slices. */
export const COMPARE_SLICES = { metric: "good_answer_rate", dimension: "model", a: "gpt-4o", b: "gpt-4o-mini" };

export const VIEW_CASES: readonly ViewCase[] = [
  {
    name: "Effect",
    path: (range) => withRange("/effect", range),
    figures: ['[data-kpi="response_count"] [data-role="value"]', 'table[data-table="effect-by-model"] tbody tr'],
    charts: 2,
  },
  {
    name: "Diagnostics",
    path: (range) => withRange("/diagnostics", range),
    figures: ['[data-kpi="latency_p95_ms"] [data-role="value"]', 'table[data-table="tools"] tbody tr'],
    charts: 7,
  },
  {
    name: "Negative feedback",
    path: (range) => withRange("/feedback", range),
    figures: ['[data-kpi="down_rated"] [data-role="value"]', 'table[data-table="feedback-reasons"] tbody tr'],
    charts: 1,
  },
  {
    name: "Compare",
    path: (range) => withRange("/compare", range, COMPARE_SLICES),
    figures: ['[data-kpi="compare-a"] [data-role="value"]', "[data-verdict]"],
    charts: 1,
  },
  {
    name: "Response detail",
    path: (range, responseId) => withRange(`/responses/${encodeURIComponent(responseId)}`, range),
    figures: ['[data-fact="Tool calls"]', '[data-role="outcome"]'],
    charts: 0,
  },
  {
    name: "Attribution",
    path: (range) => withRange("/attribution", range),
    figures: ['[data-kpi="recover_after_negative_rate"] [data-role="value"]'],
    charts: 2,
  },
];
