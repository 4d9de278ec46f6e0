// The response dimensions of docs/metrics.md and the time buckets a metrics row can be cut by.
// The API's zod schemas, the warehouse's SQL identifiers (an allow-list: only these names may
// become a column from a request) and the dashboard's filters and menus all read these lists.

export const DIMENSIONS = [
  "model",
  "provider",
  "channel",
  "chat_type",
  "session_type",
  "language",
  "user_segment",
  "query_category",
  "prompt_version",
  "bot_version",
  "tool_used",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The dimensions a response event carries as fields; `tool_used` is derived from its `tool_count`. */
export const EVENT_DIMENSIONS = DIMENSIONS.filter(
  (dimension): dimension is Exclude<Dimension, "tool_used"> => dimension !== "tool_used",
);

/** A dimension's name as a reader sees it (a menu entry, a column header). */
export const DIMENSION_LABELS: Readonly<Record<Dimension, string>> = {
  model: "Model",
  provider: "Provider",
  channel: "Channel",
  chat_type: "Chat type",
  session_type: "Session type",
  language: "Language",
  user_segment: "User segment",
  query_category: "Query category",
  prompt_version: "Prompt version",
  bot_version: "Bot version",
  tool_used: "Tool used",
};

export const BUCKETS = ["5m", "hour", "day"] as const;
export type Bucket = (typeof BUCKETS)[number];

/** A bucket's size in words ("per hour"). */
export const BUCKET_LABELS: Readonly<Record<Bucket, string>> = { "5m": "5 minutes", hour: "hour", day: "day" };

export const isDimension = (value: unknown): value is Dimension =>
  typeof value === "string" && (DIMENSIONS as readonly string[]).includes(value);
export const isBucket = (value: unknown): value is Bucket =>
  typeof value === "string" && (BUCKETS as readonly string[]).includes(value);
