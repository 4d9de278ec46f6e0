/**
 * The one place where values become SQL text.
 *
 * ClickHouse 18.16 has no server-side query parameters, so every value that
 * enters a query is rendered here as a literal. Identifiers never come from
 * input: callers pick them from an allow-list with `sqlIdentifier`.
 */

const STRING_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  "'": "\\'",
  "\0": "\\0",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
  "\v": "\\v",
  "\x07": "\\a",
};

// Every character that ClickHouse's lexer treats specially inside '...'; control characters are
// among them on purpose.
// eslint-disable-next-line no-control-regex
const STRING_SPECIALS = /[\\'\0\n\r\t\b\f\v\x07]/g;

export function sqlString(value: string): string {
  // A lone surrogate cannot be encoded as UTF-8; replace it as TextEncoder would,
  // so the server receives exactly what a round-trip can return.
  const wellFormed = value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  return `'${wellFormed.replace(STRING_SPECIALS, (c) => STRING_ESCAPES[c] ?? c)}'`;
}

export type SqlScalar = string | number | bigint | boolean | null | Date;
export type SqlValue = SqlScalar | readonly SqlValue[];

export function sqlValue(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "string") return sqlString(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`cannot render non-finite number ${value} as SQL`);
    return String(value);
  }
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new RangeError("cannot render an invalid Date as SQL");
    return `toDateTime(${Math.floor(ms / 1000)}, 'UTC')`;
  }
  if (Array.isArray(value)) return `[${value.map(sqlValue).join(", ")}]`;
  throw new TypeError(`unsupported SQL value of type ${typeof value}`);
}

/** `(a, b, c)` for an IN clause; an empty list renders a list that matches nothing. */
export function sqlList(values: readonly SqlValue[]): string {
  if (values.length === 0) return "(NULL)";
  return `(${values.map(sqlValue).join(", ")})`;
}

/** Returns `name` only when the allow-list contains it; never quotes arbitrary input. */
export function sqlIdentifier<const T extends string>(name: string, allowList: readonly T[]): T {
  const found = allowList.find((allowed) => allowed === name);
  if (found === undefined) throw new RangeError(`identifier not allowed: ${JSON.stringify(name)}`);
  return found;
}
