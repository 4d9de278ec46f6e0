import { isReasonCode, type ReasonCode } from "@answerscope/contracts/vocabularies";

// The contract's closed list of feedback reason codes, from its browser-safe vocabularies.
export { isReasonCode, REASON_CODES } from "@answerscope/contracts/vocabularies";
export type { ReasonCode } from "@answerscope/contracts/vocabularies";

/** The samples' reason filter for a rating given without a reason (the API's `reason_code=none`). */
export const NO_REASON = "none";
/** What the samples can be filtered by: a reason code, or no reason given. */
export type ReasonFilter = ReasonCode | typeof NO_REASON;
export const isReasonFilter = (value: unknown): value is ReasonFilter => value === NO_REASON || isReasonCode(value);
/** A reason filter's value for a reason code of the API's answers (null: no reason given). */
export const reasonFilterOf = (code: string | null): string => code ?? NO_REASON;

/** "not_grounded" → "not grounded"; null or `none` (down-rated without a reason) → "no reason given". */
export const reasonLabel = (code: string | null): string =>
  code && code !== NO_REASON ? code.replaceAll("_", " ") : "no reason given";
