/**
 * What one pipeline step says about one message: carry on with a value, or send the
 * message to the dead-letter topic with a machine-readable reason (nothing is dropped).
 */
export type StepResult<T> = { kind: "ok"; value: T } | { kind: "dead_letter"; reason: string; message: string };

export const ok = <T>(value: T): StepResult<T> => ({ kind: "ok", value });
export const deadLetter = (reason: string, message: string): StepResult<never> => ({
  kind: "dead_letter",
  reason,
  message,
});

export type NotOk = Exclude<StepResult<unknown>, { kind: "ok" }>;

/** The reason and message of a step that did not continue. */
export const explain = (result: NotOk) => ({ reason: result.reason, message: result.message });
