// A follow-up turn that says the previous answer missed is a "re-ask" (docs/metrics.md). The same
// list drives this function and the warehouse's SQL, so it is plain lower-case text (no regex):
// SQL can match it with `positionUTF8(lowerUTF8(replaceAll(query_text, '’', '\'')), phrase) > 0`.

export const REASK_PHRASES = [
  // Chinese
  "不是这个意思",
  "你没回答",
  "没有回答我的问题",
  "重新回答",
  "还是不对",
  "答非所问",
  "答错了",
  "你理解错了",
  // English (apostrophes are the ASCII ', see normalizeForReask)
  "not what i asked",
  "not what i meant",
  "you didn't answer",
  "you did not answer",
  "that's wrong",
  "that is wrong",
  "that's not right",
  "that is not right",
  "try again",
  "still wrong",
  "wrong answer",
  "you misunderstood",
] as const;

/** Lower case, and the typographic apostrophe ’ read as ', so `That’s wrong` matches `that's wrong`. */
export function normalizeForReask(text: string): string {
  return text.toLowerCase().replaceAll("\u2019", "'");
}

/** True when `text` contains any re-ask phrase, ignoring case. */
export function isReask(text: string | null | undefined): boolean {
  if (!text) return false;
  const normalized = normalizeForReask(text);
  return REASK_PHRASES.some((phrase) => normalized.includes(phrase));
}
