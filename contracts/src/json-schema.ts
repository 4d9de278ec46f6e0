import { z } from "zod";
import { EVENT_SCHEMAS, eventSchema } from "./schema/event";
import { EVENT_TYPES } from "./vocabulary";

// The producer-facing JSON Schema (draft 2020-12) is generated from the zod schemas, never written
// by hand, so it cannot drift from what the pipeline accepts. `io: 'input'` describes what a
// producer sends, before defaults and normalization. Cross-field rules (exactly one parent, the
// feedback target rules) are carried by each schema's `.meta()`; the rest of the zod-only
// normalization (truncation, redaction) needs no producer action and is only described.

/** Checked-in file name -> schema, e.g. `tool_call.schema.json`, and `event.schema.json` for the union. */
export function buildJsonSchemas(): Record<string, Record<string, unknown>> {
  const files: Record<string, Record<string, unknown>> = {};
  for (const eventType of EVENT_TYPES) {
    files[`${eventType}.schema.json`] = z.toJSONSchema(EVENT_SCHEMAS[eventType], { io: "input" });
  }
  files["event.schema.json"] = z.toJSONSchema(eventSchema, { io: "input" });
  return files;
}

/** The exact text of a checked-in schema file (stable formatting keeps diffs readable). */
export function formatJsonSchema(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
