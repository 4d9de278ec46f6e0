import { readFileSync, readdirSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { makeExternalOutcome, makeFeedback, makeResponseCompleted, makeToolCall } from "./fixtures";
import { buildJsonSchemas, formatJsonSchema } from "./json-schema";
import { validateEvent } from "./validation/validate-event";

const schemaDir = new URL("../json-schema/", import.meta.url);
const generated = buildJsonSchemas();

describe("checked-in JSON Schema", () => {
  it("has exactly the generated files", () => {
    expect(readdirSync(schemaDir).sort()).toEqual(Object.keys(generated).sort());
  });

  it.each(Object.keys(generated))("%s is up to date", (fileName) => {
    const checkedIn = readFileSync(new URL(fileName, schemaDir), "utf8");
    const fresh = formatJsonSchema(generated[fileName] ?? {});
    expect(checkedIn, `contracts/json-schema/${fileName} is stale: run \`npm run schemas\``).toBe(fresh);
  });
});

// Ajv proves the generated schema means what the zod schema means: each sample gets the same
// verdict from both. Formats are not asserted by ajv; `occurred_at` carries a pattern anyway.
// allowUnionTypes: an evidence value is one of several JSON types (`type: [...]`), valid draft 2020-12.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
const validateWithJsonSchema = ajv.compile(generated["event.schema.json"] ?? {});

const tooMany = Array.from({ length: 257 }, (_, index) => `tool_${index}`);

const samples: ReadonlyArray<readonly [string, unknown, boolean]> = [
  ["a response", makeResponseCompleted(), true],
  ["a tool call", makeToolCall(), true],
  ["a feedback", makeFeedback(), true],
  ["an external outcome", makeExternalOutcome(), true],
  ["an external outcome without evidence", makeExternalOutcome({ evidence: undefined }), true],
  ["an external outcome with nested evidence", makeExternalOutcome({ evidence: { a: { b: 1 } } as never }), false],
  ["an external outcome with an upper-case source", makeExternalOutcome({ source: "VikingBot" }), false],
  ["extra fields", { ...makeFeedback(), client_version: "1.2", nested: { x: 1 } }, true],
  ["null for optional fields", makeResponseCompleted({ trace_id: null, citation_ids: null, language: null }), true],
  ["a diagnostic tool call", makeToolCall({ session_id: undefined, diagnostic_task_id: "task_1" }), true],
  ["a citation rating", makeFeedback({ target_type: "citation", subject_id: "cite_1" }), true],
  [
    "a step rating",
    makeFeedback({ target_type: "diagnostic_step", target_id: "step_1", diagnostic_task_id: "task_1" }),
    true,
  ],
  ["an offset time", makeToolCall({ occurred_at: "2026-11-30T10:00:00.5+08:00" }), true],
  ["status delta", makeToolCall({ status: "delta" as "started" }), false],
  ["both parents", makeToolCall({ diagnostic_task_id: "task_1" }), false],
  ["no parent", makeToolCall({ session_id: undefined }), false],
  ["citation without subject", makeFeedback({ target_type: "citation" }), false],
  ["chat message with subject", makeFeedback({ subject_id: "cite_1" }), false],
  ["report without task", makeFeedback({ target_type: "diagnostic_report" }), false],
  ["severity 6", makeFeedback({ severity: 6 }), false],
  ["severity 0", makeFeedback({ severity: 0 }), false],
  ["a tenant id with a space", makeFeedback({ tenant_id: "acme corp" }), false],
  ["a time without zone", makeFeedback({ occurred_at: "2026-11-30T10:00:00" }), false],
  ["257 tool names", makeResponseCompleted({ tools_used_names: tooMany }), false],
  ["an empty tool name", makeResponseCompleted({ tools_used_names: ["ok", ""] }), false],
  ["fractional tokens", makeResponseCompleted({ prompt_tokens: 1.5 }), false],
  ["negative latency", makeResponseCompleted({ time_cost_ms: -1 }), false],
  ["an array as arguments", makeToolCall({ arguments: [1] as unknown as Record<string, unknown> }), false],
  ["missing event_id", { ...makeToolCall(), event_id: undefined }, false],
  ["an unknown event type", { ...makeToolCall(), event_type: "tool_delta" }, false],
  ["schema version 2", { ...makeToolCall(), schema_version: 2 }, false],
];

describe("generated JSON Schema agrees with the zod schema", () => {
  it.each(samples)("%s: valid=%s", (_name, sample, valid) => {
    const json = JSON.parse(JSON.stringify(sample)) as unknown;
    expect(validateWithJsonSchema(json), JSON.stringify(validateWithJsonSchema.errors)).toBe(valid);
    expect(validateEvent(json).ok).toBe(valid);
  });

  it("compiles each per-type schema and accepts its fixture", () => {
    expect(ajv.compile(generated["response_completed.schema.json"] ?? {})(makeResponseCompleted())).toBe(true);
    expect(ajv.compile(generated["tool_call.schema.json"] ?? {})(makeToolCall())).toBe(true);
    expect(ajv.compile(generated["feedback_submitted.schema.json"] ?? {})(makeFeedback())).toBe(true);
    expect(ajv.compile(generated["external_outcome_recorded.schema.json"] ?? {})(makeExternalOutcome())).toBe(true);
    expect(ajv.compile(generated["tool_call.schema.json"] ?? {})(makeFeedback())).toBe(false);
  });
});
