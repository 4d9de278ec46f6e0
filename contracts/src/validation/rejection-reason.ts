// Why an event was dead-lettered: a short machine-readable code, stable across releases because
// the DLQ, the warehouse and dashboards group by it.

export const REJECTION_REASON_KINDS = [
  "invalid_json",
  "invalid_field",
  "missing_field",
  "unsupported_schema_version",
  "unsupported_event_type",
  "too_large",
] as const;
export type RejectionReasonKind = (typeof REJECTION_REASON_KINDS)[number];

/** Kinds that name the field at fault: `invalid_field:<path>`, `missing_field:<path>` (dotted path). */
type FieldReasonKind = Extract<RejectionReasonKind, "invalid_field" | "missing_field">;

export type RejectionReason = Exclude<RejectionReasonKind, FieldReasonKind> | `${FieldReasonKind}:${string}`;

/** `invalid_field:tools_used_names.3` -> `invalid_field`: a low-cardinality label for counters. */
export function rejectionReasonKind(reason: RejectionReason): RejectionReasonKind {
  return reason.split(":", 1)[0] as RejectionReasonKind;
}

/** Joins a zod issue path the way reasons spell it: `tools_used_names.3`. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}
