// The small hand-computed fixture used by metrics/tools/feedback tests (see metrics.test.ts for the arithmetic).
import { EventBuilder } from "./builders";
import type { RawEvent } from "./types";

export const FIX_RANGE = { from: "2026-11-30T10:00:00.000Z", to: "2026-11-30T11:00:00.000Z" };

export function fixtureEvents(): RawEvent[] {
  const e = new EventBuilder("t1");
  const R = (id: string, sec: number, o: Parameters<EventBuilder["response"]>[2]) => e.response(id, sec, o);
  const evs: RawEvent[] = [
    R("rF", -100, { session_id: "s1", user_id: "u1", time_cost_ms: 9999 }),
    R("rA", 0, {
      session_id: "s1",
      user_id: "u1",
      time_cost_ms: 100,
      iteration_count: 1,
      prompt_tokens: 10,
      completion_tokens: 20,
      query_text: "hello",
    }),
    R("rB", 120, {
      session_id: "s1",
      user_id: "u1",
      channel: "slack",
      time_cost_ms: 200,
      iteration_count: 3,
      tool_count: 2,
      tools_used_names: ["search", "sql"],
      total_tokens: 100,
      query_text: "Try AGAIN please",
    }),
    R("rC", 300, {
      session_id: "s2",
      user_id: "u2",
      model: "m2",
      time_cost_ms: 300,
      iteration_count: 10,
      tool_count: 1,
      tools_used_names: ["search"],
      prompt_tokens: 5,
      completion_tokens: 5,
      finish_reason: "max_iterations",
    }),
    R("rG", 600, {
      session_id: "s5",
      user_id: "u5",
      time_cost_ms: 500,
      iteration_count: 1,
      prompt_tokens: 0,
      completion_tokens: 0,
      finish_reason: "no_reply",
    }),
    R("rH", 700, {
      session_id: "s6",
      user_id: "u6",
      model: "m2",
      channel: "slack",
      time_cost_ms: 600,
      iteration_count: 2,
      tool_count: 1,
      tools_used_names: ["http"],
    }),
    R("rI", 800, { session_id: "s7", user_id: "u7", time_cost_ms: 700, query_text: "question" }),
    R("rD", 1000, {
      session_id: "s3",
      user_id: "u3",
      model: "m2",
      time_cost_ms: 400,
      iteration_count: 2,
      finish_reason: "error",
    }),
    R("rJ", 1200, { session_id: "s7", user_id: "u7", time_cost_ms: 800, query_text: "and next?" }),
    R("rE", 1700, { session_id: "s3", user_id: "u3", time_cost_ms: 1000, finish_reason: "length" }),
    e.feedback(30, { target_id: "rA", rating: "up", user_id: "u1" }),
    e.feedback(130, { target_id: "rB", rating: "down", user_id: "u1" }),
    e.feedback(310, { target_id: "rC", rating: "up", user_id: "u2" }),
    e.feedback(710, { target_id: "rH", rating: "up", user_id: "u6" }),
    e.tool("tc1", "started", 100, { response_id: "rB", tool_name: "search" }),
    e.tool("tc1", "completed", 110, { response_id: "rB", tool_name: "search" }),
    e.tool("tc2", "started", 105, { response_id: "rB", tool_name: "sql" }),
    e.tool("tc2", "failed", 115, { response_id: "rB", tool_name: "sql", error_category: "timeout" }),
    e.tool("tc3", "started", 250, { response_id: "rC", tool_name: "search", session_id: "s2", user_id: "u2" }),
    e.tool("tc4", "completed", 690, {
      response_id: "rH",
      tool_name: "http",
      duration_ms: 50,
      session_id: "s6",
      user_id: "u6",
    }),
    e.tool("tc5", "started", 400, { diagnostic_task_id: "d1", tool_name: "kubectl" }),
    e.tool("tc5", "completed", 410, { diagnostic_task_id: "d1", tool_name: "kubectl", duration_ms: 10000 }),
    e.tool("tc6", "started", -50, { response_id: "rH", tool_name: "http", session_id: "s6", user_id: "u6" }),
    e.tool("tc6", "completed", 650, { response_id: "rH", tool_name: "http", session_id: "s6", user_id: "u6" }),
    e.tool("tc7", "failed", 500, { response_id: "r-ghost", tool_name: "sql", error_category: "upstream" }),
    // the tenant's newest event (a forbidden rating): windows ending at or before 10:31:40 are closed
    e.feedback(1900, { target_id: "rD", rating: "down", user_id: "u9" }),
  ];
  return evs;
}
