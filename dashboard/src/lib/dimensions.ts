import type { Bucket as WarehouseBucket, Dimension as WarehouseDimension } from "@answerscope/warehouse";
import type { SameType } from "./same-type";

/**
 * The dimensions of docs/metrics.md, as runtime values for the browser bundle (the warehouse package
 * itself must not be bundled); the guards below fail the typecheck when the two lists drift apart.
 */
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

export const BUCKETS = ["5m", "hour", "day"] as const;
export type Bucket = (typeof BUCKETS)[number];

export const DIMENSION_LABELS: Record<Dimension, string> = {
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

export const BUCKET_LABELS: Record<Bucket, string> = { "5m": "5 minutes", hour: "hour", day: "day" };

/** Dimension filters: OR within a dimension, AND across dimensions (the API's semantics). */
export type Filters = Partial<Record<Dimension, string[]>>;

export const isDimension = (value: unknown): value is Dimension => typeof value === "string" && (DIMENSIONS as readonly string[]).includes(value);
export const isBucket = (value: unknown): value is Bucket => typeof value === "string" && (BUCKETS as readonly string[]).includes(value);

const dimensionsMatch: SameType<Dimension, WarehouseDimension> = true;
const bucketsMatch: SameType<Bucket, WarehouseBucket> = true;
void dimensionsMatch;
void bucketsMatch;
