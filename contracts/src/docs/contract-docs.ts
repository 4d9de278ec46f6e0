import { z } from "zod";
import { MAX_EVENT_BYTES, TEXT_LIMITS } from "../limits";
import { QUERY_CATEGORIES, QUERY_CATEGORY_RULES } from "../rules/classify-query";
import { REASK_PHRASES } from "../rules/reask-phrases";
import { REASON_CODES } from "../rules/reason-code";
import { EVENT_SCHEMAS } from "../schema/event";
import { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS } from "../transport";
import { makeExternalOutcome, makeFeedback, makeResponseCompleted, makeToolCall } from "../fixtures";
import { validateEvent } from "../validation/validate-event";
import { EVENT_TYPES, type EventType } from "../vocabulary";
import { attributionTable, latencyBucketList } from "./attribution-table";
import { comparableList, metricTable } from "./metric-table";
import { fieldRows, fieldTable, inlineCode, type FieldRow } from "./schema-fields";

// The lists of docs/events.md and docs/metrics.md that the contract declares: each event's fields
// (from the zod schemas, as producers see them), the topics, the closed vocabularies. Written into
// the docs by `npm run docs`; src/docs/contract-docs.test.ts fails while a doc is out of date.

/** The fields every event carries; listed once in the docs, not in each event's table. */
const ENVELOPE_FIELDS = ["event_id", "event_type", "schema_version", "tenant_id", "occurred_at"];

const HEADERS = { required: "required", description: "rule" } as const;

/** The producer's view of one kind: its fields as JSON Schema describes the input. */
const inputRows = (eventType: keyof typeof EVENT_SCHEMAS): FieldRow[] =>
  fieldRows(z.toJSONSchema(EVENT_SCHEMAS[eventType], { io: "input" }));

const codeList = (values: readonly string[]): string => values.map(inlineCode).join(", ");

/** What each field the pipeline adds to a stored event means; a new derived field must be described here. */
const STORED_FIELD_MEANINGS: Readonly<Record<string, string>> = {
  occurred_at_ms: "`occurred_at` as epoch milliseconds (`occurred_at` itself is stored in UTC)",
  query_category_source: "`producer` when the event carried `query_category`, else `rules`",
  arguments_json: "`arguments` serialized, secrets redacted, cut to 2,000 characters",
  argument_keys: "the top-level keys of `arguments`",
  reason_code: "the code `reason` maps to (below); `null` without a reason",
  content_hash: "sha256 of the normalized event without `event_id` and `occurred_at`: equal for a retry of one action",
  evidence_json: "`evidence` serialized, secrets redacted, cut to 2,000 characters",
};

const SAMPLES: Record<EventType, () => unknown> = {
  response_completed: makeResponseCompleted,
  tool_call: makeToolCall,
  feedback_submitted: makeFeedback,
  external_outcome_recorded: makeExternalOutcome,
};

/** The fields a stored event has beyond what the producer sent, found by normalizing a sample of each kind. */
function storedFields(): string {
  const lines = ["| event type | stored field | meaning |", "|---|---|---|"];
  for (const eventType of EVENT_TYPES) {
    const result = validateEvent(SAMPLES[eventType]());
    if (!result.ok) throw new Error(`the ${eventType} sample is invalid: ${result.reason}`);
    const sent = new Set(Object.keys(EVENT_SCHEMAS[eventType].in.shape));
    for (const field of Object.keys(result.event).filter((name) => !sent.has(name))) {
      const meaning = STORED_FIELD_MEANINGS[field];
      if (!meaning) throw new Error(`describe the stored field ${eventType}.${field} in STORED_FIELD_MEANINGS`);
      lines.push(`| \`${eventType}\` | \`${field}\` | ${meaning} |`);
    }
  }
  return lines.join("\n");
}

function eventSections(): Record<string, string> {
  const sections: Record<string, string> = {};
  const envelope = inputRows("response_completed").filter((row) => ENVELOPE_FIELDS.includes(row.path));
  sections["events.envelope"] = fieldTable(
    envelope.map((row) =>
      row.path === "event_type" ? { ...row, type: EVENT_TYPES.map((type) => `\`${type}\``).join(" | ") } : row,
    ),
    HEADERS,
  );
  for (const eventType of EVENT_TYPES) {
    sections[`events.${eventType}`] = fieldTable(
      inputRows(eventType).filter((row) => !ENVELOPE_FIELDS.includes(row.path)),
      HEADERS,
    );
  }
  sections["events.topics"] = [
    "| event type | default Kafka topic |",
    "|---|---|",
    ...EVENT_TYPES.map((type) => `| \`${type}\` | \`${DEFAULT_TOPICS[type]}\` |`),
    `| rejected (dead letters) | \`${DEFAULT_DLQ_TOPIC}\` |`,
  ].join("\n");
  sections["events.limits"] = [
    `An event over ${MAX_EVENT_BYTES / 1024} KiB (${MAX_EVENT_BYTES.toLocaleString("en-US")} bytes of UTF-8) is rejected as \`too_large\`. Free texts are never rejected for length; they are cut to these many characters (Unicode code points):`,
    "",
    "| text | characters |",
    "|---|---:|",
    ...Object.entries(TEXT_LIMITS).map(([name, limit]) => `| \`${name}\` | ${limit.toLocaleString("en-US")} |`),
  ].join("\n");
  sections["events.stored_fields"] = storedFields();
  sections["events.reason_codes"] = codeList(REASON_CODES);
  sections["events.query_categories"] = codeList(QUERY_CATEGORIES);
  return sections;
}

/** The keyword rules that classify a query without a producer's category, in priority order. */
function categoryRules(): string {
  const cell = (values: readonly string[]): string => codeList(values).replace(/\|/g, "\\|");
  return [
    "| order | category | English words (whole words, any case; plural, -ed, -ing forms too) | Chinese (substrings) | shapes |",
    "|---:|---|---|---|---|",
    ...QUERY_CATEGORY_RULES.map(
      (rule, index) =>
        `| ${index + 1} | \`${rule.category}\` | ${cell(rule.english)} | ${cell(rule.chinese)} | ${cell((rule.patterns ?? []).map(String))} |`,
    ),
  ].join("\n");
}

function metricSections(): Record<string, string> {
  return {
    "metrics.catalog": metricTable(),
    "metrics.comparable": comparableList(),
    "metrics.reask_phrases": codeList(REASK_PHRASES),
    "metrics.category_rules": categoryRules(),
    "metrics.attribution": attributionTable(),
    "metrics.latency_buckets": latencyBucketList(),
  };
}

/** Generated sections per doc file (a path below docs/). */
export function contractDocSections(): Record<string, Record<string, string>> {
  return { "events.md": eventSections(), "metrics.md": metricSections() };
}
