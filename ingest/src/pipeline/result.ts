/**
 * What one pipeline step says about one message: carry on with a value, send the
 * message to the dead-letter topic with a machine-readable reason, or drop it on
 * purpose (never silently: drops are counted by reason too).
 */
export type StepResult<T> =
  | { kind: "ok"; value: T }
  | { kind: "dead_letter"; reason: string; message: string }
  | { kind: "drop"; reason: string };

export const ok = <T>(value: T): StepResult<T> => ({ kind: "ok", value });
export const deadLetter = (reason: string, message: string): StepResult<never> => ({ kind: "dead_letter", reason, message });

export type NotOk = Exclude<StepResult<unknown>, { kind: "ok" }>;

/** The reason and message of a step that did not continue (a drop explains itself by its reason). */
export const explain = (result: NotOk) =>
  result.kind === "dead_letter" ? { reason: result.reason, message: result.message } : { reason: result.reason, message: result.reason };
