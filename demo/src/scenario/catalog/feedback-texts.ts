// What users type or click when they rate. Spellings vary on purpose (`Not grounded`,
// `not-grounded`): the contract maps them to one reason_code, and the demo shows that.

/** Down-vote reasons when the answer itself missed. */
export const QUALITY_REASONS: readonly (readonly [string, number])[] = [
  ["incorrect", 30],
  ["Not grounded", 18],
  ["not-grounded", 4],
  ["irrelevant", 14],
  ["incomplete", 14],
  ["too verbose", 6],
  ["Bad format", 4],
  ["not actionable", 5],
  ["unsafe", 1],
  ["meh", 2],
  ["答案不对", 2],
];

export const SLOW_REASONS: readonly string[] = ["too slow", "Too Slow", "too-slow"];
export const TOOL_FAILED_REASONS: readonly string[] = ["tool failed", "Tool failed"];
export const UP_REASONS: readonly string[] = ["helpful", "accurate", "saved me time"];

export const DOWN_COMMENTS: readonly string[] = [
  "The answer cites a page that does not say this.",
  "  It ignored the version I mentioned.  ",
  "Took forever and then gave up.",
  "回答和问题无关",
  "步骤不完整，少了回滚",
  " ", // blank after trimming: stored as null
];
export const UP_COMMENTS: readonly string[] = ["Exactly what I needed", "Nice, thanks!", "很有帮助"];

export const CORRECTIONS: readonly string[] = [
  "Use `git push --force-with-lease`, not `--force`.",
  "The limit is 10,000 events per request, not 1,000.",
  "应该先执行 kubectl rollout undo 再排查",
  "The capital is Canberra.",
];

/** Reasons on diagnostic steps and reports (the on-call engineer's view). */
export const DIAGNOSTIC_DOWN_REASONS: readonly string[] = ["not actionable", "incorrect", "tool failed", "incomplete"];
