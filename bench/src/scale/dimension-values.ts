import { sqlValue } from "@answerscope/warehouse";

/**
 * Dimension values of the large data set with skewed weights, as real traffic has them
 * (a few models carry most responses, one bot version at a time): uniform picks over
 * every value would make the metrics view's rows as many as the responses and
 * measure an unrealistic worst case.
 */
export type Weighted = readonly (readonly [value: string, weight: number])[];

export const TENANTS: Weighted = [
  ["bench_large", 10],
  ["bench_medium", 6],
  ["bench_small", 3],
  ["bench_tiny", 1],
];

/** model → provider travels with it, so the two are picked with one hash. */
export const MODELS: Weighted = [
  ["gpt-4o|openai", 8],
  ["gpt-4o-mini|openai", 5],
  ["claude-sonnet|anthropic", 4],
  ["qwen-max|alibaba", 2],
  ["llama-3-70b|meta", 1],
  ["mistral-large|mistral", 1],
];
export const CHANNELS: Weighted = [
  ["web", 12],
  ["slack", 5],
  ["api", 2],
  ["mobile", 1],
];
export const CHAT_TYPES: Weighted = [
  ["single", 4],
  ["group", 1],
];
export const SESSION_TYPES: Weighted = [
  ["chat", 22],
  ["diagnostic", 3],
];
export const LANGUAGES: Weighted = [
  ["en", 14],
  ["zh", 4],
  ["ja", 1],
  ["de", 1],
];
export const USER_SEGMENTS: Weighted = [
  ["free", 6],
  ["pro", 3],
  ["enterprise", 1],
  ["internal", 1],
];
export const QUERY_CATEGORIES: Weighted = [
  "billing",
  "setup",
  "api",
  "errors",
  "performance",
  "security",
  "deploy",
  "data",
  "auth",
  "network",
  "storage",
  "other",
].map((c, i) => [c, 12 - i] as const);
export const CATEGORY_SOURCES: Weighted = [
  ["classifier", 4],
  ["rule", 1],
];
export const FINISH_REASONS: Weighted = [
  ["stop", 88],
  ["max_iterations", 4],
  ["no_reply", 3],
  ["error", 3],
  ["length", 1],
  ["cancelled", 1],
];
export const TOOL_NAMES = [
  "search_docs",
  "get_logs",
  "query_metrics",
  "run_sql",
  "fetch_url",
  "list_alerts",
  "get_config",
  "describe_host",
  "get_ticket",
  "create_ticket",
  "restart_service",
  "get_traces",
  "kb_lookup",
  "calc",
  "translate",
];
export const ERROR_CATEGORIES: Weighted = [
  ["timeout", 5],
  ["rate_limited", 3],
  ["bad_arguments", 2],
  ["upstream_5xx", 2],
  ["permission", 1],
];
/** Re-ask phrasings feed the outcome rules; most questions are ordinary ones. */
export const QUERY_TEXTS: Weighted = [
  ["how do I rotate my api key", 5],
  ["why is my deploy failing with exit code 137", 4],
  ["show me error rate for checkout last hour", 4],
  ["what does this billing line mean", 3],
  ["that did not help, try again", 1],
  ["can you explain it differently", 1],
];
export const RATINGS: Weighted = [
  ["up", 7],
  ["down", 3],
];
export const REASON_CODES: Weighted = [
  ["incorrect", 3],
  ["incomplete", 2],
  ["irrelevant", 1],
  ["too_slow", 1],
];

/** A ClickHouse array literal with each value repeated by its weight, so `arr[1 + hash % length]` is a weighted pick. */
export function weightedArraySql(values: Weighted): string {
  const expanded = values.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
  return sqlValue(expanded);
}
