/**
 * JSON with object keys sorted at every depth, so two equal values always serialize to the same
 * bytes whatever order their producer wrote the keys in (the basis of content hashes).
 *
 * The text is exactly `JSON.stringify` of a copy with sorted keys (stored hashes depend on it), but
 * written directly: the copies, built with defineProperty so a `__proto__` key stays a plain key,
 * made hashing a feedback event cost more than validating it. Like that copy, an object's keys
 * that are array indices come first in numeric order (a JavaScript object enumerates them so),
 * then the other keys sorted; only own enumerable keys count, so a Date is `{}` as it was.
 */
export function canonicalJson(value: unknown, omitTopLevel?: ReadonlySet<string>): string {
  return serialize(value, omitTopLevel) as string;
}

function serialize(value: unknown, omit?: ReadonlySet<string>): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = "[";
    // Indices, not map(): a hole is `null`, as JSON.stringify writes it.
    for (let i = 0; i < value.length; i++) text += (i > 0 ? "," : "") + (serialize(value[i]) ?? "null");
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = "";
  for (const key of sortedKeys(record)) {
    if (omit?.has(key)) continue;
    const item = serialize(record[key]);
    // Like JSON.stringify, a key whose value has no JSON form (undefined, a function) is left out.
    if (item !== undefined) text += `${text === "" ? "" : ","}${JSON.stringify(key)}:${item}`;
  }
  return `{${text}}`;
}

/** Object.keys lists array-index keys first, ascending; the rest follow in insertion order and are sorted here. */
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  let indices = 0;
  while (indices < keys.length && isArrayIndex(keys[indices]!)) indices++;
  if (indices === 0) return keys.sort();
  return [...keys.slice(0, indices), ...keys.slice(indices).sort()];
}

const MAX_ARRAY_INDEX = 2 ** 32 - 2;

function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9][0-9]*)$/.test(key) && Number(key) <= MAX_ARRAY_INDEX;
}
