import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { makeExternalOutcome, makeFeedback, makeResponseCompleted, makeToolCall } from "../fixtures";
import { EVENT_SCHEMAS } from "../schema/event";
import { compileParse, UNDECIDED } from "./compiled-parse";

type Verdict = { accepted: true; output: unknown } | { accepted: false };

const compiledParses = new Map<z.ZodType, (value: unknown) => unknown>();
/** Each schema compiled once, as validateEvent compiles it. */
const compiledParseOf = (schema: z.ZodType) =>
  compiledParses.get(schema) ?? compiledParses.set(schema, compileParse(schema)).get(schema)!;

/** zod's verdict and the compiled one on separate copies of `input`, and whether the compiled parse changed its copy. */
function bothVerdicts(schema: z.ZodType, input: unknown) {
  const zodResult = schema.safeParse(structuredClone(input));
  const copy = structuredClone(input);
  const fast = compiledParseOf(schema)(copy);
  const zod: Verdict = zodResult.success ? { accepted: true, output: zodResult.data } : { accepted: false };
  const compiled: Verdict = fast === UNDECIDED ? { accepted: false } : { accepted: true, output: fast };
  return { zod, compiled, inputUnchanged: isDeepStrictEqual(copy, input) };
}

/** Same verdict, same output value, same keys in the same order. */
function expectSameAsZod(schema: z.ZodType, input: unknown): Verdict {
  const { zod, compiled, inputUnchanged } = bothVerdicts(schema, input);
  expect(compiled.accepted, `verdict on ${JSON.stringify(input)}`).toBe(zod.accepted);
  if (zod.accepted && compiled.accepted) {
    expect(compiled.output).toStrictEqual(zod.output);
    if (typeof zod.output === "object" && zod.output !== null)
      expect(Object.keys(compiled.output as object)).toEqual(Object.keys(zod.output));
  }
  expect(inputUnchanged).toBe(true);
  return zod;
}

const EMOJI = "\u{1F600}"; // two UTF-16 units, one code point
const VALUES: unknown[] = [
  undefined,
  null,
  "",
  "x",
  "é",
  EMOJI,
  " padded ",
  "x".repeat(64),
  "x".repeat(65),
  "x".repeat(128),
  "x".repeat(129),
  "x".repeat(161),
  "x".repeat(2001),
  "x".repeat(4001),
  EMOJI.repeat(64),
  EMOJI.repeat(65),
  `${EMOJI}x`,
  "tenant demo",
  "password=hunter2 and more",
  0,
  -1,
  1.5,
  3,
  7,
  2 ** 53,
  1e308,
  Number.NaN,
  true,
  [],
  ["a"],
  [""],
  [EMOJI.repeat(161)],
  Array.from({ length: 70 }, (_, i) => `t${i}`),
  {},
  { a: 1 },
  { password: "s3cret", nested: { api_key: "k" } },
  { n: 1, b: true, z: null },
  "2026-11-30T10:00:00+02:00",
  "2026-11-30T10:00:00Z",
  "2026-11-30T10:00:00.123456Z",
  "2026-11-30 10:00:00Z",
  "2200-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "started",
  "failed",
  "citation",
  "diagnostic_step",
  "down",
  "cleared",
  "stop",
  "max_iterations",
  "response_completed",
  "tool_call",
  1,
];

const FIXTURES = {
  response_completed: [
    makeResponseCompleted(),
    makeResponseCompleted({ query_category: "billing", total_tokens: 9, chat_type: "group", trace_id: "t1" }),
  ],
  tool_call: [
    makeToolCall(),
    makeToolCall({
      status: "failed",
      session_id: undefined,
      diagnostic_task_id: "task_1",
      arguments: { query: "x", token: "abc" },
      error_message: "token=abc failed",
      error_category: "timeout",
    }),
  ],
  feedback_submitted: [
    makeFeedback(),
    makeFeedback({
      target_type: "citation",
      subject_id: "cite_1",
      rating: "down",
      reason: " wrong source ",
      comment: "see api_key=abc",
      severity: 4,
    }),
  ],
  external_outcome_recorded: [makeExternalOutcome(), makeExternalOutcome({ evidence: null })],
};

describe("compileParse: the event schemas", () => {
  for (const [eventType, fixtures] of Object.entries(FIXTURES)) {
    const schema = EVENT_SCHEMAS[eventType as keyof typeof EVENT_SCHEMAS] as z.ZodType;

    it(`${eventType}: accepts the fixtures with zod's output`, () => {
      for (const fixture of fixtures) expect(expectSameAsZod(schema, fixture).accepted).toBe(true);
    });

    it(`${eventType}: every field set to each of ${VALUES.length} values, absent, and extra keys: zod's verdict and output`, () => {
      let accepted = 0;
      let rejected = 0;
      for (const fixture of fixtures) {
        const fields = [
          ...Object.keys(schema instanceof z.ZodPipe ? ((schema.in as z.ZodObject).shape ?? {}) : {}),
          "unknown_extra",
        ];
        for (const field of fields) {
          const absent = { ...fixture } as Record<string, unknown>;
          delete absent[field];
          const variants = [absent, ...VALUES.map((value) => ({ ...fixture, [field]: value }))];
          for (const variant of variants) {
            if (expectSameAsZod(schema, variant).accepted) accepted += 1;
            else rejected += 1;
          }
        }
        expectSameAsZod(schema, JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(fixture).slice(1)}`));
      }
      // Both paths were exercised many times, so the comparison above covered acceptance and rejection.
      expect(accepted).toBeGreaterThan(50);
      expect(rejected).toBeGreaterThan(50);
    });
  }
});

describe("compileParse: schema shapes the events do not use yet", () => {
  it.each<[string, z.ZodType, unknown[]]>([
    [
      "optional without a transform (absent key stays absent)",
      z.object({ a: z.string().optional(), b: z.number() }),
      [{ b: 1 }, { a: undefined, b: 1 }, { a: "x", b: 1 }, { a: 1, b: 1 }],
    ],
    [
      "a transform that keeps absence",
      z.object({
        a: z
          .string()
          .optional()
          .transform((text) => text),
        b: z.number(),
      }),
      [{ b: 1 }, { a: undefined, b: 1 }, { a: "x", b: 1 }],
    ],
    [
      "numbers that are not finite",
      z.object({ n: z.number() }),
      [{ n: 1.5 }, { n: Number.NaN }, { n: Number.POSITIVE_INFINITY }, { n: "1" }],
    ],
    [
      "defaulted fields (left to zod)",
      z.object({ a: z.string().default("d"), b: z.number().optional().default(3) }),
      [{}, { a: "x" }, { a: undefined, b: 2 }, { a: 5 }],
    ],
    ["an optional default at the top", z.string().default("d").optional(), [undefined, "x", 3]],
    [
      "a check that does not apply (when)",
      z.object({ a: z.string(), b: z.string() }).refine((value) => value.a === value.b, { when: () => false }),
      [{ a: "x", b: "y" }],
    ],
    [
      "lengths in code points",
      z.object({ a: z.string().min(2).max(3) }),
      [
        { a: EMOJI },
        { a: EMOJI.repeat(2) },
        { a: EMOJI.repeat(3) },
        { a: EMOJI.repeat(4) },
        { a: "xy" },
        { a: "xyzw" },
      ],
    ],
    [
      "arrays of objects with bounds",
      z
        .array(z.object({ id: z.string(), n: z.int().min(0) }))
        .min(1)
        .max(2),
      [
        [],
        [{ id: "a", n: 0 }],
        [{ id: "a", n: -1 }],
        [
          { id: "a", n: 1 },
          { id: "b", n: 2 },
          { id: "c", n: 3 },
        ],
      ],
    ],
    [
      "unions and records (zod parses them)",
      z.object({ u: z.union([z.string(), z.number()]), r: z.record(z.string(), z.boolean()) }),
      [
        { u: "x", r: {} },
        { u: 1, r: { a: true } },
        { u: true, r: {} },
        { u: "x", r: { a: 1 } },
      ],
    ],
    ["a strict object (zod parses it)", z.strictObject({ a: z.string() }), [{ a: "x" }, { a: "x", b: 1 }]],
    [
      "refinements and a failing transform",
      z.object({ a: z.string().refine((text) => text !== "no") }).transform((value, context) => {
        if (value.a === "bad") context.issues.push({ code: "custom", message: "bad", input: value });
        return { ...value, length: value.a.length };
      }),
      [{ a: "ok" }, { a: "no" }, { a: "bad" }],
    ],
    ["overwriting checks", z.object({ a: z.string().trim().toLowerCase() }), [{ a: "  MiXed " }, { a: 3 }]],
    [
      "a regex with the global flag, twice in a row",
      z.object({ a: z.string().regex(/^a+$/g), b: z.string().regex(/^a+$/g) }),
      [
        { a: "aaa", b: "aaa" },
        { a: "ab", b: "a" },
      ],
    ],
  ])("%s", (_name, schema, inputs) => {
    for (const input of inputs) expectSameAsZod(schema, input);
  });

  it("returns UNDECIDED, never an error, for async refinements (zod reports them)", () => {
    const schema = z.object({ a: z.string().refine(async () => true) });
    expect(compileParse(schema)({ a: "x" })).toBe(UNDECIDED);
  });
});
