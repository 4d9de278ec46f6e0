import { redactSecrets } from "@answerscope/contracts";

/** Characters of a failure's message kept in the warehouse: enough to name the cause, never a whole statement. */
export const STORED_ERROR_CHARS = 300;

/**
 * A failure's message as the evaluator stores it for the API and dashboard to show: quoted
 * literals go (a statement's values are tenants' data, such as ids and query texts, not a
 * diagnosis), then known secret shapes, then it is cut to one short line.
 */
export function storedErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // A literal opens after a non-letter: the apostrophe of ClickHouse's "doesn't exist" opens none.
  const withoutLiterals = text.replace(/(?<![A-Za-z])'(?:[^'\\]|\\.)*'/g, "'…'");
  const line = redactSecrets(withoutLiterals).replace(/\s+/g, " ").trim();
  return line.length > STORED_ERROR_CHARS ? `${line.slice(0, STORED_ERROR_CHARS - 1)}…` : line || "unknown error";
}
