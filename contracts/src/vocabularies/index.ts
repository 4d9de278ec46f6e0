// Browser-safe entry point of the closed vocabularies the API and the dashboard share
// (`@answerscope/contracts/vocabularies`): plain data and types, no zod, no Node module, so the
// dashboard's bundle imports the lists themselves instead of keeping copies.
export {
  BUCKET_LABELS,
  BUCKETS,
  DIMENSION_LABELS,
  DIMENSIONS,
  EVENT_DIMENSIONS,
  isBucket,
  isDimension,
} from "./dimensions";
export type { Bucket, Dimension } from "./dimensions";
export { FINAL_LABELS, GOOD_OR_BETTER_LABELS, LABEL_REASONS, OUTCOME_LABELS } from "./outcome-labels";
export type { LabelReason, OutcomeLabel } from "./outcome-labels";
export { CURRENT_RATINGS, isCurrentRating } from "./ratings";
export type { CurrentRating } from "./ratings";
export { isReasonCode, REASON_CODES } from "./reason-codes";
export type { ReasonCode } from "./reason-codes";
