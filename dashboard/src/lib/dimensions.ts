import type { Dimension } from "@answerscope/contracts/vocabularies";

// The dimensions and buckets of docs/metrics.md come from the contract's browser-safe vocabularies.
export {
  BUCKET_LABELS,
  BUCKETS,
  DIMENSION_LABELS,
  DIMENSIONS,
  isBucket,
  isDimension,
} from "@answerscope/contracts/vocabularies";
export type { Bucket, Dimension } from "@answerscope/contracts/vocabularies";

/** Dimension filters: OR within a dimension, AND across dimensions (the API's semantics). */
export type Filters = Partial<Record<Dimension, string[]>>;
