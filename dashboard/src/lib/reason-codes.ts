import type { ReasonCode as ContractReasonCode } from "@answerscope/contracts";
import type { SameType } from "./same-type";

/** The contract's closed list of feedback reason codes, mirrored for the browser bundle. */
export const REASON_CODES = [
  "irrelevant",
  "incorrect",
  "incomplete",
  "too_slow",
  "tool_failed",
  "too_verbose",
  "not_actionable",
  "bad_format",
  "not_grounded",
  "unsafe",
  "other",
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export const isReasonCode = (value: unknown): value is ReasonCode => typeof value === "string" && (REASON_CODES as readonly string[]).includes(value);

/** The samples' reason filter for a rating given without a reason (the API's `reason_code=none`). */
export const NO_REASON = "none";
/** What the samples can be filtered by: a reason code, or no reason given. */
export type ReasonFilter = ReasonCode | typeof NO_REASON;
export const isReasonFilter = (value: unknown): value is ReasonFilter => value === NO_REASON || isReasonCode(value);
/** A reason filter's value for a reason code of the API's answers (null: no reason given). */
export const reasonFilterOf = (code: string | null): string => code ?? NO_REASON;

/** "not_grounded" → "not grounded"; null or `none` (down-rated without a reason) → "no reason given". */
export const reasonLabel = (code: string | null): string => (code && code !== NO_REASON ? code.replaceAll("_", " ") : "no reason given");

const reasonCodesMatch: SameType<ReasonCode, ContractReasonCode> = true;
void reasonCodesMatch;
