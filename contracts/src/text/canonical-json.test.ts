import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";

/** The definition canonicalJson must match byte for byte (stored content hashes depend on it): JSON.stringify of a copy with sorted keys. */
function reference(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value));
}

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      Object.defineProperty(sorted, key, {
        value: sortKeysDeep((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return sorted;
  }
  return value;
}

/** A small seeded generator (mulberry32), so a failure names a reproducible case. */
function randomValues(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const keys = [
    "a",
    "b",
    "B",
    "z",
    "_",
    "",
    " ",
    "é",
    "日本",
    "😀",
    "__proto__",
    "constructor",
    "0",
    "1",
    "9",
    "10",
    "01",
    "-1",
    "1.5",
    "4294967294",
    "4294967295",
    'a"b',
    "a\\b",
    "\n",
  ];
  const scalars: unknown[] = [
    null,
    true,
    false,
    0,
    -0,
    1,
    -1.5,
    1e21,
    2 ** 53 + 2,
    NaN,
    Infinity,
    "",
    "x",
    'quote"back\\slash',
    "line\nbreak",
    "\u2028",
    "日本語",
    "😀",
    "\ud800",
    undefined,
    () => 1,
  ];
  const value = (depth: number): unknown => {
    const roll = next();
    if (depth <= 0 || roll < 0.45) return pick(scalars);
    if (roll < 0.6) return new Date(0);
    if (roll < 0.75) {
      const items: unknown[] = [];
      const length = Math.floor(next() * 5);
      for (let i = 0; i < length; i++) if (next() > 0.15) items[i] = value(depth - 1);
      items.length = length; // a skipped index stays a hole
      return items;
    }
    const record: Record<string, unknown> = {};
    const count = Math.floor(next() * 7);
    for (let i = 0; i < count; i++)
      Object.defineProperty(record, pick(keys), {
        value: value(depth - 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return record;
  };
  return value;
}

describe("canonicalJson", () => {
  it("sorts keys at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });

  it("gives the same text for the same content written in another key order", () => {
    expect(canonicalJson({ x: 1, y: { p: "a", q: "b" } })).toBe(canonicalJson({ y: { q: "b", p: "a" }, x: 1 }));
  });

  it("serializes scalars like JSON.stringify", () => {
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
    expect(canonicalJson(3)).toBe("3");
  });

  it("puts array-index keys first in numeric order, as the sorted copy enumerates them", () => {
    expect(canonicalJson({ b: 1, 10: "ten", a: 2, 9: "nine", "01": "x", 4294967295: "not an index" })).toBe(
      '{"9":"nine","10":"ten","01":"x","4294967295":"not an index","a":2,"b":1}',
    );
  });

  it("writes what JSON.stringify writes of a sorted copy, for 20,000 random values", () => {
    const value = randomValues(20261202);
    for (let i = 0; i < 20_000; i++) {
      const input = value(4);
      expect(canonicalJson(input), `case ${i}`).toBe(reference(input));
    }
  });

  it("leaves the given top-level keys out, and only at the top level", () => {
    const event = { event_id: "e1", b: { event_id: "kept" }, a: 1 };
    expect(canonicalJson(event, new Set(["event_id"]))).toBe(reference({ a: 1, b: { event_id: "kept" } }));
  });
});
