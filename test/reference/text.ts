// Text rules of docs/events.md that the reference's classification, re-ask and reason-code rules share.

/** The first `max` characters, counted as Unicode code points (an emoji is one character, never half of one). */
export function cutCodePoints(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}
