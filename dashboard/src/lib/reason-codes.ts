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

/** "not_grounded" → "not grounded"; null (down-rated without a reason) → "no reason given". */
export const reasonLabel = (code: string | null): string => (code ? code.replaceAll("_", " ") : "no reason given");

const reasonCodesMatch: SameType<ReasonCode, ContractReasonCode> = true;
void reasonCodesMatch;
