import type { z } from "zod";
import { SCHEMA_VERSION } from "../schema/envelope";
import { EVENT_SCHEMAS } from "../schema/event";
import type { FieldIssueParams } from "../schema/rejection-issue";
import { EVENT_TYPES, isEventType, type EventType } from "../vocabulary";
import { compileParse, UNDECIDED, type CompiledParse } from "./compiled-parse";
import type { EventParseResult } from "./event-parse-result";
import { rejectionHints } from "./rejection-hints";
import { dottedPath, type RejectionReason } from "./rejection-reason";

type JsonObject = Record<string, unknown>;

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const jsonTypeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;

/** Absent, `undefined` or `null` on an object key: the producer did not give the field. */
function isAbsentAt(raw: unknown, path: readonly PropertyKey[]): boolean {
  let parent: unknown = raw;
  for (const key of path.slice(0, -1)) {
    if (!isJsonObject(parent) && !Array.isArray(parent)) return false;
    parent = (parent as JsonObject)[key as string];
  }
  // An array element that is null is a wrong value, not a missing field.
  if (!isJsonObject(parent)) return false;
  const last = path[path.length - 1];
  return last !== undefined && (parent[last as string] === undefined || parent[last as string] === null);
}

type EventSchemas = typeof EVENT_SCHEMAS;
const compiled: { [T in EventType]?: CompiledParse<EventSchemas[T]> | null } = {};

/**
 * The event kind's compiled parse (compiled-parse.ts), built on first use; null where the
 * runtime forbids generated code (a strict Content-Security-Policy), and zod parses alone.
 */
function compiledParseOf<T extends EventType>(eventType: T): CompiledParse<EventSchemas[T]> | null {
  if (compiled[eventType] === undefined) {
    try {
      compiled[eventType] = compileParse(EVENT_SCHEMAS[eventType]);
    } catch {
      compiled[eventType] = null;
    }
  }
  return compiled[eventType];
}

function reasonForIssue(issue: z.core.$ZodIssue, raw: JsonObject): RejectionReason {
  const path = dottedPath(issue.path);
  const params = issue.code === "custom" ? (issue.params as Partial<FieldIssueParams> | undefined) : undefined;
  if (params?.rejection) return `${params.rejection}:${path}`;
  // Whatever zod calls it (wrong type, not the literal, not in the enum), no value means missing.
  if (isAbsentAt(raw, issue.path)) return `missing_field:${path}`;
  return `invalid_field:${path}`;
}

/**
 * Validates and normalizes an already parsed event. Checks run in a fixed order so one event
 * always gets one reason: object shape, `event_type`, `schema_version`, then the event's schema,
 * whose first issue (in field order) is reported. Never throws.
 */
export function validateEvent(value: unknown): EventParseResult {
  // A value that is not an object is not an event at all; it counts as `invalid_json` (the
  // transport carries "one JSON object"), since there is no field a path could name.
  if (!isJsonObject(value)) {
    return { ok: false, reason: "invalid_json", message: `an event must be a JSON object, got ${jsonTypeOf(value)}` };
  }
  // Hints are read only for a rejection: an accepted event (nearly all of them) needs none.
  const reject = (reason: RejectionReason, message: string): EventParseResult => ({
    ok: false,
    reason,
    message,
    ...rejectionHints(value),
  });

  const eventType = value.event_type;
  if (eventType === undefined || eventType === null)
    return reject("missing_field:event_type", "event_type is required");
  if (typeof eventType !== "string")
    return reject("invalid_field:event_type", `event_type must be a string, got ${jsonTypeOf(eventType)}`);
  if (!isEventType(eventType)) {
    return reject(
      "unsupported_event_type",
      `event_type ${JSON.stringify(eventType.slice(0, 64))} is not one of ${EVENT_TYPES.join(", ")}`,
    );
  }

  // Any given version other than 1, whatever its type, is a version this package cannot read.
  const version = value.schema_version;
  if (version !== undefined && version !== null && version !== SCHEMA_VERSION) {
    return reject(
      "unsupported_schema_version",
      `schema_version ${JSON.stringify(version)} is not supported (expected ${SCHEMA_VERSION})`,
    );
  }

  // The compiled parse accepts what zod accepts, faster; anything else zod parses, and reports.
  const fast = compiledParseOf(eventType)?.(value) ?? UNDECIDED;
  if (fast !== UNDECIDED) return { ok: true, event: fast };
  const result = EVENT_SCHEMAS[eventType].safeParse(value);
  if (result.success) return { ok: true, event: result.data };
  const issue = result.error.issues[0];
  if (issue === undefined) return reject("invalid_json", "the event was rejected without a reason"); // zod always gives one
  const reason = reasonForIssue(issue, value);
  return reject(reason, `${reason.slice(reason.indexOf(":") + 1)}: ${issue.message}`);
}
