/**
 * Cuts `text` to at most `maxBytes` bytes of UTF-8, never inside a character, and says whether
 * anything was cut (a stored text marks its truncation instead of passing for the whole).
 */
export function truncateUtf8Bytes(text: string, maxBytes: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  // A continuation byte (10xxxxxx) at the cut means the character started before it: cut before that start.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return { text: bytes.subarray(0, end).toString("utf8"), truncated: true };
}
