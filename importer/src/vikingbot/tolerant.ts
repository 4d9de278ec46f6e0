// The pieces that make the record schemas tolerant: vikingbot's writer changes shape between versions
// (docs/vikingbot.md), and a field the mapping can do without must never cost the record.
import type { z } from "zod";
import { parsePythonJson } from "./python-json";

/** A field the mapping can do without: any shape it does not expect reads as absent, never as an error. */
export const ignorable = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A tool call's arguments as a JSON object. vikingbot writes `args` as the JSON text of the model's
 * arguments (`json.dumps(tool_call.arguments)`, so NaN may occur) and `resolved_args` as the object
 * actually used; an older or other writer may put the object in `args`. Text that is not an object's JSON falls back
 * to `resolved_args`, then to none: the arguments are optional in the contract.
 */
export function toolArgumentsOf(args: unknown, resolvedArgs: unknown): Record<string, unknown> | undefined {
  if (isRecord(args)) return args;
  if (typeof args === "string") {
    try {
      const parsed = parsePythonJson(args);
      if (isRecord(parsed)) return parsed;
    } catch {
      // Not JSON: the resolved arguments, if any, say the same.
    }
  }
  return isRecord(resolvedArgs) ? resolvedArgs : undefined;
}

/**
 * Whether a call succeeded: vikingbot's own `execute_success` when it is a boolean, else vikingbot's
 * rule for it (`_is_tool_result_success` in its agent loop): a result that is missing, blank, or
 * text starting with `Error:` is a failure.
 */
export function toolSucceeded(executeSuccess: unknown, result: unknown): boolean {
  if (typeof executeSuccess === "boolean") return executeSuccess;
  if (result === undefined || result === null) return false;
  const text = (typeof result === "string" ? result : JSON.stringify(result)).trimStart();
  return text !== "" && !text.startsWith("Error:");
}
