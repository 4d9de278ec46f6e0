// vikingbot writes its files with Python's `json.dumps`, which (allow_nan=True by default) writes a
// float that is not finite as the bare word NaN, Infinity or -Infinity: not JSON. A tool result
// holding one must not cost the whole line, so those words (outside strings) read as null.

const NON_FINITE = ["-Infinity", "Infinity", "NaN"] as const;

/** The text with every non-finite number outside strings replaced by `null`. */
function withNonFiniteAsNull(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      out += char;
      if (char === "\\") out += text[++i] ?? "";
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    const word = NON_FINITE.find((candidate) => text.startsWith(candidate, i));
    if (word) {
      out += "null";
      i += word.length - 1;
    } else out += char;
  }
  return out;
}

/** Parses one line as Python's json module would have read it back; throws like JSON.parse otherwise. */
export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!NON_FINITE.some((word) => text.includes(word))) throw error;
    return JSON.parse(withNonFiniteAsNull(text));
  }
}
