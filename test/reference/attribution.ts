// Reference of docs/metrics.md "Attribution", written from the docs over the reference's own
// tenant state (labels, ratings, follow-ups), answer by answer: no grouping, no SQL, nothing
// imported from the product. Its answer has the API's shape without the `labels` block.
import { abandonmentCounts, intensityCounts } from "./attribution-signals";
import { matchesFilters } from "./metrics";
import { buildTenantState, type NormResponse, type TenantState } from "./state";
import { wilson } from "./stats";
import type { Filters, Label, RawEvent, ReferenceOptions } from "./types";
import { ms } from "./util";

/** docs/metrics.md: every attribution figure needs 30 in its denominator. */
export const ATTRIBUTION_MIN_SAMPLE = 30;
/** docs/metrics.md: the latency buckets' lower edges, the last one open. */
export const LATENCY_EDGES_MS = [0, 1000, 3000, 10000, 30000];

export interface AttributionQuery {
  tenant_id: string;
  from: string;
  to: string;
  filters?: Filters;
}

type Status = "ok" | "insufficient_sample" | "no_data" | "no_variation";
export interface RefFigure {
  value: number | null;
  numerator: number;
  denominator: number;
  status: Status;
}
export interface RefToolSide extends RefFigure {
  ci_low: number | null;
  ci_high: number | null;
}
export interface RefAttribution {
  recover_after_negative_rate: RefFigure & { negatives: number; no_next_answer: number; pending: number };
  tokens_per_positive_answer: RefFigure & { answers: number; pending: number };
  abandonment_rate: RefFigure & { answers: number; pending: number };
  down_rating_severity: RefFigure & { rated_down: number };
  repeated_down_rate: RefFigure;
  tool_helpfulness_rate_by_name: {
    tool_name: string;
    query_category: string;
    used: RefToolSide;
    not_used: RefToolSide;
    difference: number | null;
  }[];
  latency_vs_feedback_correlation: {
    buckets: {
      from_ms: number;
      to_ms: number | null;
      answers: number;
      thumbs_down_rate: RefFigure;
      good_answer_rate: RefFigure;
    }[];
    thumbs_down: { rho: number | null; n: number; status: Status };
    good_answer: { rho: number | null; n: number; status: Status };
  };
}

const isFinal = (label: Label) => label !== "pending";
const isPositive = (label: Label) => label === "excellent" || label === "good";

function figure(numerator: number, denominator: number): RefFigure {
  if (denominator === 0) return { value: null, numerator, denominator, status: "no_data" };
  if (denominator < ATTRIBUTION_MIN_SAMPLE)
    return { value: null, numerator, denominator, status: "insufficient_sample" };
  return { value: numerator / denominator, numerator, denominator, status: "ok" };
}

function side(answers: NormResponse[], state: TenantState): RefToolSide {
  const judged = answers.filter((r) => isFinal(state.labels.get(r.response_id)!.label));
  const good = judged.filter((r) => isPositive(state.labels.get(r.response_id)!.label)).length;
  const f = figure(good, judged.length);
  const ci = f.value === null ? null : wilson(good, judged.length);
  return { ...f, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null };
}

/** 1-based ranks, each run of equal values given the mean of its positions. */
export function averageRanks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) ranks[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/** Spearman's rho: Pearson's r of the average ranks; null when either side is constant. */
export function spearmanRho(xs: number[], ys: number[]): number | null {
  const rx = averageRanks(xs);
  const ry = averageRanks(ys);
  const n = xs.length;
  if (n === 0) return null;
  const mx = rx.reduce((a, b) => a + b, 0) / n;
  const my = ry.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let k = 0; k < n; k++) {
    sxy += (rx[k]! - mx) * (ry[k]! - my);
    sxx += (rx[k]! - mx) ** 2;
    syy += (ry[k]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

function correlation(xs: number[], ys: number[]) {
  const n = xs.length;
  if (n === 0) return { rho: null, n, status: "no_data" as const };
  if (n < ATTRIBUTION_MIN_SAMPLE) return { rho: null, n, status: "insufficient_sample" as const };
  const rho = spearmanRho(xs, ys);
  return rho === null ? { rho, n, status: "no_variation" as const } : { rho, n, status: "ok" as const };
}

export function attributionFromState(state: TenantState, query: AttributionQuery): RefAttribution {
  const from = ms(query.from);
  const to = ms(query.to);
  const answers = [...state.responses.values()].filter(
    (r) => r.t >= from && r.t < to && matchesFilters(r, query.filters),
  );
  const labelOf = (r: NormResponse) => state.labels.get(r.response_id)!;

  // Recovery: negatives and what their follow-up (any time) became.
  const negatives = answers.filter((r) => labelOf(r).label === "bad" || labelOf(r).explicit_rating === "down");
  let noNext = 0;
  let judged = 0;
  let recovered = 0;
  for (const r of negatives) {
    const l = labelOf(r);
    if (l.followup_response_id === null) {
      if (l.window_closed) noNext++;
      continue;
    }
    const next = state.labels.get(l.followup_response_id)!.label;
    if (isFinal(next)) judged++;
    if (isPositive(next)) recovered++;
  }

  // Tokens per positive answer.
  const judgedAnswers = answers.filter((r) => isFinal(labelOf(r).label));
  const positives = judgedAnswers.filter((r) => isPositive(labelOf(r).label)).length;
  const tokens = judgedAnswers.reduce((sum, r) => sum + r.total_tokens, 0);

  // Tool helpfulness: per tool and category where the tool was used.
  const pairs = new Set<string>();
  for (const r of answers)
    for (const tool of r.event.tools_used_names) pairs.add(JSON.stringify([tool, r.dims.query_category]));
  const tools = [...pairs]
    .map((key) => JSON.parse(key) as [string, string])
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]))
    .map(([tool, category]) => {
      const ofCategory = answers.filter((r) => r.dims.query_category === category);
      const used = side(
        ofCategory.filter((r) => r.event.tools_used_names.includes(tool)),
        state,
      );
      const notUsed = side(
        ofCategory.filter((r) => !r.event.tools_used_names.includes(tool)),
        state,
      );
      return {
        tool_name: tool,
        query_category: category,
        used,
        not_used: notUsed,
        difference: used.value === null || notUsed.value === null ? null : used.value - notUsed.value,
      };
    });

  // Latency buckets and rank correlations.
  const rated = answers.filter((r) => labelOf(r).explicit_rating !== null);
  const buckets = LATENCY_EDGES_MS.map((lo, i) => {
    const hi = LATENCY_EDGES_MS[i + 1] ?? null;
    const inside = (r: NormResponse) => r.time_cost_ms >= lo && (hi === null || r.time_cost_ms < hi);
    const bucketRated = rated.filter(inside);
    const bucketJudged = judgedAnswers.filter(inside);
    return {
      from_ms: lo,
      to_ms: hi,
      answers: answers.filter(inside).length,
      thumbs_down_rate: figure(
        bucketRated.filter((r) => labelOf(r).explicit_rating === "down").length,
        bucketRated.length,
      ),
      good_answer_rate: figure(bucketJudged.filter((r) => isPositive(labelOf(r).label)).length, bucketJudged.length),
    };
  });

  const abandonment = abandonmentCounts(state, answers);
  const intensity = intensityCounts(state, answers);

  return {
    recover_after_negative_rate: {
      ...figure(recovered, judged),
      negatives: negatives.length,
      no_next_answer: noNext,
      pending: negatives.length - noNext - judged,
    },
    tokens_per_positive_answer: {
      ...figure(tokens, positives),
      answers: answers.length,
      pending: answers.length - judgedAnswers.length,
    },
    abandonment_rate: {
      ...figure(abandonment.abandoned, abandonment.settled),
      answers: abandonment.answers,
      pending: abandonment.answers - abandonment.settled,
    },
    down_rating_severity: {
      ...figure(intensity.severitySum, intensity.withSeverity),
      rated_down: intensity.ratedDown,
    },
    repeated_down_rate: figure(intensity.repeatedDown, intensity.rated),
    tool_helpfulness_rate_by_name: tools,
    latency_vs_feedback_correlation: {
      buckets,
      thumbs_down: correlation(
        rated.map((r) => r.time_cost_ms),
        rated.map((r) => (labelOf(r).explicit_rating === "down" ? 1 : 0)),
      ),
      good_answer: correlation(
        judgedAnswers.map((r) => r.time_cost_ms),
        judgedAnswers.map((r) => (isPositive(labelOf(r).label) ? 1 : 0)),
      ),
    },
  };
}

export function referenceAttribution(
  events: readonly RawEvent[],
  query: AttributionQuery,
  opts: ReferenceOptions = {},
): RefAttribution {
  return attributionFromState(buildTenantState(events, query.tenant_id, opts), query);
}
