/**
 * Cuts `text` to at most `maxChars` characters, counted in Unicode code points rather than
 * UTF-16 units, so a cut never splits a surrogate pair (an emoji would otherwise become an
 * invalid half that breaks UTF-8 encoding downstream).
 */
export function truncateChars(text: string, maxChars: number): string {
  // Fast path: UTF-16 length is an upper bound of the code point count.
  if (text.length <= maxChars) return text;
  let kept = 0;
  let end = 0;
  for (const char of text) {
    if (kept === maxChars) return text.slice(0, end);
    kept += 1;
    end += char.length;
  }
  return text;
}
