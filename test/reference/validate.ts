// An independent check of the field limits of docs/events.md, used to prove the generated data set
// contains only valid events. Returns a list of problems (empty when valid).
import { ratingProblems } from "./rating";
import type { RawEvent } from "./types";

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/;
const KNOWN: Record<string, string[]> = {
  envelope: ["event_id", "event_type", "schema_version", "tenant_id", "occurred_at"],
  response_completed: [
    "response_id",
    "session_id",
    "user_id",
    "channel",
    "model",
    "provider",
    "chat_type",
    "session_type",
    "language",
    "user_segment",
    "query_category",
    "prompt_version",
    "bot_version",
    "trace_id",
    "time_cost_ms",
    "prompt_tokens",
    "completion_tokens",
    "total_tokens",
    "iteration_count",
    "finish_reason",
    "tool_count",
    "tools_used_names",
    "citation_ids",
    "response_length",
    "query_text",
    "turn_index",
  ],
  tool_call: [
    "tool_call_id",
    "status",
    "tool_name",
    "user_id",
    "session_id",
    "diagnostic_task_id",
    "response_id",
    "arguments",
    "result_summary",
    "error_message",
    "error_category",
    "duration_ms",
  ],
  feedback_submitted: [
    "client_feedback_id",
    "target_type",
    "target_id",
    "subject_id",
    "diagnostic_task_id",
    "user_id",
    "session_id",
    "run_id",
    "rating",
    "score",
    "score_min",
    "score_max",
    "reason",
    "comment",
    "correction",
    "severity",
  ],
};

export function validateEvent(ev: RawEvent): string[] {
  const p: string[] = [];
  const o = ev as unknown as Record<string, unknown>;
  const str = (f: string, min: number, max: number, required: boolean) => {
    const v = o[f];
    if (v === undefined) {
      if (required) p.push(`missing ${f}`);
      return;
    }
    if (typeof v !== "string" || v.length < min || v.length > max) p.push(`bad ${f}`);
  };
  const int = (f: string, required: boolean, min = 0, max = Number.MAX_SAFE_INTEGER) => {
    const v = o[f];
    if (v === undefined) {
      if (required) p.push(`missing ${f}`);
      return;
    }
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) p.push(`bad ${f}`);
  };
  const arr = (f: string, itemMax: number, maxLen: number, required: boolean) => {
    const v = o[f];
    if (v === undefined) {
      if (required) p.push(`missing ${f}`);
      return;
    }
    if (
      !Array.isArray(v) ||
      v.length > maxLen ||
      v.some((x) => typeof x !== "string" || x.length < 1 || x.length > itemMax)
    )
      p.push(`bad ${f}`);
  };
  const oneOf = (f: string, values: string[], required = true) => {
    const v = o[f];
    if (v === undefined) {
      if (required) p.push(`missing ${f}`);
    } else if (!values.includes(v as string)) p.push(`bad ${f}`);
  };
  str("event_id", 1, 128, true);
  oneOf("event_type", ["response_completed", "tool_call", "feedback_submitted"]);
  if (o.schema_version !== 1) p.push("bad schema_version");
  str("tenant_id", 1, 64, true);
  if (typeof o.tenant_id === "string" && !/^[A-Za-z0-9_.-]+$/.test(o.tenant_id)) p.push("bad tenant_id chars");
  if (typeof o.occurred_at !== "string" || !TS.test(o.occurred_at) || Number.isNaN(Date.parse(o.occurred_at)))
    p.push("bad occurred_at");
  const known = new Set([...KNOWN.envelope!, ...(KNOWN[ev.event_type] ?? [])]);
  for (const k of Object.keys(o)) if (!known.has(k)) p.push(`unknown field ${k}`);
  for (const [k, v] of Object.entries(o)) if (v === undefined || v === null) p.push(`explicit ${v} in ${k}`);
  if (JSON.stringify(ev).length > 256 * 1024) p.push("too large");

  if (ev.event_type === "response_completed") {
    for (const f of ["response_id", "session_id", "user_id", "model"]) str(f, 1, 128, true);
    for (const f of ["channel", "provider"]) str(f, 1, 64, true);
    for (const f of [
      "chat_type",
      "session_type",
      "language",
      "user_segment",
      "query_category",
      "prompt_version",
      "bot_version",
    ])
      str(f, 1, 64, false);
    str("trace_id", 1, 256, false);
    for (const f of [
      "time_cost_ms",
      "prompt_tokens",
      "completion_tokens",
      "iteration_count",
      "tool_count",
      "response_length",
    ])
      int(f, true);
    for (const f of ["total_tokens", "turn_index"]) int(f, false);
    oneOf("finish_reason", ["stop", "max_iterations", "no_reply", "error", "length", "cancelled"]);
    arr("tools_used_names", 128, 256, true);
    arr("citation_ids", 160, 256, false);
    str("query_text", 0, Infinity, false); // longer text is cut to 4000 characters, not rejected
  } else if (ev.event_type === "tool_call") {
    for (const f of ["tool_call_id", "tool_name", "user_id"]) str(f, 1, 128, true);
    oneOf("status", ["started", "completed", "failed"]);
    if ((o.session_id === undefined) === (o.diagnostic_task_id === undefined))
      p.push("exactly one of session_id / diagnostic_task_id");
    str("session_id", 1, 128, false);
    str("diagnostic_task_id", 1, 128, false);
    str("response_id", 1, 128, false);
    str("error_category", 1, 64, false);
    int("duration_ms", false);
    if (o.arguments !== undefined && (typeof o.arguments !== "object" || Array.isArray(o.arguments)))
      p.push("bad arguments");
  } else if (ev.event_type === "feedback_submitted") {
    for (const f of ["client_feedback_id", "target_id", "user_id"]) str(f, 1, 128, true);
    oneOf("target_type", ["chat_message", "citation", "diagnostic_step", "diagnostic_report"]);
    p.push(...ratingProblems(o));
    if (ev.target_type === "citation") str("subject_id", 1, 160, true);
    else if (o.subject_id !== undefined) p.push("subject_id only on citation");
    if (ev.target_type === "diagnostic_step" || ev.target_type === "diagnostic_report")
      str("diagnostic_task_id", 1, 128, true);
    str("session_id", 1, 128, false);
    str("run_id", 1, 128, false);
    int("severity", false, 1, 5);
  }
  return p;
}
