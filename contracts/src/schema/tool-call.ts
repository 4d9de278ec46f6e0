import { z } from "zod";
import { TEXT_LIMITS } from "../limits";
import { redactSecretValues } from "../redaction/redact-secret-values";
import { redactSecrets } from "../redaction/redact-secrets";
import { truncateChars } from "../text/truncate";
import { TOOL_STATUSES } from "../vocabulary";
import { envelopeShape, withNormalizedTime } from "./envelope";
import { freeText, optionalNonNegativeInt, optionalString, requiredString } from "./fields";
import { fieldIssue } from "./rejection-issue";

/**
 * Exactly one parent: a chat session or a diagnostic task. The zod rule below reports neither as
 * `missing_field:session_id` (the common parent, named so a producer sees what to add) and both
 * as `invalid_field:diagnostic_task_id` (the second parent is the extra one). Producers' JSON
 * Schema gets the same rule as this `oneOf`.
 */
const ONE_PARENT_JSON_SCHEMA = {
  oneOf: [
    { properties: { session_id: { type: "string" } }, required: ["session_id"] },
    { properties: { diagnostic_task_id: { type: "string" } }, required: ["diagnostic_task_id"] },
  ],
};

/** Serialized arguments: credential values redacted, then secret shapes in text, then truncated. */
function storedArguments(args: Record<string, unknown>): { json: string; keys: string[] } {
  const json = redactSecrets(JSON.stringify(redactSecretValues(args)));
  return { json: truncateChars(json, TEXT_LIMITS.arguments_json), keys: Object.keys(args) };
}

const toolArguments = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((args, ctx) => {
    if (args == null) return null;
    try {
      return storedArguments(args);
    } catch {
      // Only reachable from validateEvent on a JS value (a BigInt, a cycle); parsed JSON always serializes.
      ctx.issues.push({ code: "custom", message: "arguments must be JSON-serializable", input: args });
      return z.NEVER;
    }
  })
  .describe(
    "JSON object; stored serialized (secrets redacted) and truncated to 2000 characters, top-level keys kept separately.",
  );

/** One lifecycle event (started, completed, failed) of one tool invocation. */
export const toolCallSchema = z
  .object({
    ...envelopeShape("tool_call"),
    tool_call_id: requiredString(128).describe("The same id for started/completed/failed of one call."),
    status: z.enum(TOOL_STATUSES),
    tool_name: requiredString(128),
    user_id: requiredString(128).describe("The owner."),
    session_id: optionalString(128).describe("Chat parent; exactly one of session_id and diagnostic_task_id."),
    diagnostic_task_id: optionalString(128).describe(
      "Diagnostic parent; exactly one of session_id and diagnostic_task_id.",
    ),
    response_id: optionalString(128).describe("The answer this call served, when known."),
    arguments: toolArguments,
    result_summary: freeText(TEXT_LIMITS.result_summary, { prepare: redactSecrets }).describe(
      "On completed; secrets redacted, truncated to 2000 characters.",
    ),
    error_message: freeText(TEXT_LIMITS.error_message, { prepare: redactSecrets }).describe(
      "On failed; secrets redacted, then truncated to 2000 characters.",
    ),
    error_category: optionalString(64).describe("timeout, not_found, permission, invalid_args, upstream, ..."),
    duration_ms: optionalNonNegativeInt().describe("Optional on terminal events."),
  })
  .superRefine((event, ctx) => {
    if (event.session_id === null && event.diagnostic_task_id === null) {
      ctx.addIssue(fieldIssue("missing_field", "session_id", "one of session_id or diagnostic_task_id is required"));
    } else if (event.session_id !== null && event.diagnostic_task_id !== null) {
      ctx.addIssue(
        fieldIssue("invalid_field", "diagnostic_task_id", "session_id and diagnostic_task_id are exclusive"),
      );
    }
  })
  .meta({ title: "tool_call", description: "One lifecycle event of one tool invocation.", ...ONE_PARENT_JSON_SCHEMA })
  .transform((parsed) => {
    const args = parsed.arguments;
    // Completed in place (withNormalizedTime says why); `arguments` leaves as the two stored fields.
    const event = withNormalizedTime(parsed) as Omit<typeof parsed, "arguments"> & {
      arguments?: unknown;
      occurred_at_ms: number;
      arguments_json: string | null;
      argument_keys: string[];
    };
    delete event.arguments;
    event.arguments_json = args?.json ?? null;
    event.argument_keys = args?.keys ?? [];
    // The assertion is the transform's output type (no `arguments`); the rule reads the return as a receiver.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    return event as Omit<typeof event, "arguments">;
  });

export type ToolCallInput = z.input<typeof toolCallSchema>;
export type ToolCall = z.output<typeof toolCallSchema>;
