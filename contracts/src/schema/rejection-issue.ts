import type { z } from "zod";

// Cross-field rules (exactly one parent, target-specific fields) are checked in `superRefine`,
// where zod only knows "custom". These params tell the validator which rejection kind a custom
// issue stands for, so `missing_field:` and `invalid_field:` stay precise for those rules too.

export type FieldIssueKind = "missing_field" | "invalid_field";

export type FieldIssueParams = { readonly rejection: FieldIssueKind };

/** A custom issue on `field` that the validator reports as `<kind>:<field>`. */
export function fieldIssue(kind: FieldIssueKind, field: string, message: string): z.core.$ZodRawIssue {
  return {
    code: "custom",
    path: [field],
    message,
    params: { rejection: kind } satisfies FieldIssueParams,
    input: undefined,
  };
}
