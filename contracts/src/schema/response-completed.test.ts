import { describe, expect, it } from "vitest";
import { makeResponseCompleted } from "../fixtures";
import { DIMENSIONS, EVENT_DIMENSIONS } from "../vocabularies/dimensions";
import { accept, reasonOf } from "../test-support";
import type { ResponseCompleted } from "./response-completed";

const acceptResponse = (overrides: Parameters<typeof makeResponseCompleted>[0]) =>
  accept(makeResponseCompleted(overrides)) as ResponseCompleted;

describe("response_completed dimensions", () => {
  it("carries every event dimension as a string field, and not the derived tool_used", () => {
    const event = acceptResponse({}) as unknown as Record<string, unknown>;
    expect(EVENT_DIMENSIONS).toEqual(DIMENSIONS.filter((dimension) => typeof event[dimension] === "string"));
    expect(DIMENSIONS.filter((dimension) => !(dimension in event))).toEqual(["tool_used"]);
  });
});

describe("response_completed defaults", () => {
  it("defaults total_tokens to prompt + completion", () => {
    expect(acceptResponse({ prompt_tokens: 300, completion_tokens: 120, total_tokens: undefined }).total_tokens).toBe(
      420,
    );
    expect(acceptResponse({ prompt_tokens: 300, completion_tokens: 120, total_tokens: null }).total_tokens).toBe(420);
  });

  it("keeps a given total_tokens, even one that differs from the sum", () => {
    expect(acceptResponse({ prompt_tokens: 300, completion_tokens: 120, total_tokens: 999 }).total_tokens).toBe(999);
  });

  it("defaults versions and dimensions to unknown and keeps given ones", () => {
    const event = acceptResponse({
      prompt_version: undefined,
      bot_version: undefined,
      chat_type: "group",
      language: null,
    });
    expect(event).toMatchObject({
      prompt_version: "unknown",
      bot_version: "unknown",
      chat_type: "group",
      session_type: "unknown",
      language: "unknown",
      user_segment: "unknown",
    });
    expect(acceptResponse({ prompt_version: "p7", bot_version: "b2" })).toMatchObject({
      prompt_version: "p7",
      bot_version: "b2",
    });
  });

  it("gives absent optional fields as null or an empty list", () => {
    const event = acceptResponse({
      trace_id: undefined,
      turn_index: undefined,
      query_text: undefined,
      citation_ids: undefined,
    });
    expect(event).toMatchObject({ trace_id: null, turn_index: null, query_text: null, citation_ids: [] });
  });
});

describe("response_completed query_category", () => {
  it("keeps the producer's category", () => {
    const event = acceptResponse({ query_category: "billing", query_text: "why does it crash" });
    expect(event).toMatchObject({ query_category: "billing", query_category_source: "producer" });
  });

  it("classifies query_text by rules when absent", () => {
    const event = acceptResponse({ query_category: undefined, query_text: "Why does this code throw?" });
    expect(event).toMatchObject({ query_category: "bug_diagnosis", query_category_source: "rules" });
  });

  it("is unknown without category and text", () => {
    const event = acceptResponse({ query_category: null, query_text: undefined });
    expect(event).toMatchObject({ query_category: "unknown", query_category_source: "rules" });
  });

  it("is general_qa for text that matches no rule", () => {
    expect(acceptResponse({ query_text: "What is the capital of France?" }).query_category).toBe("general_qa");
  });
});

describe("response_completed limits", () => {
  it("truncates query_text to 4000 characters", () => {
    const event = acceptResponse({ query_text: `${"a".repeat(3999)}bcdef` });
    expect(event.query_text).toBe(`${"a".repeat(3999)}b`);
  });

  it("keeps query_text of 4000 characters whole", () => {
    expect(acceptResponse({ query_text: "问".repeat(4000) }).query_text).toBe("问".repeat(4000));
  });

  it.each([
    ["finish_reason", "timeout", "invalid_field:finish_reason"],
    ["finish_reason", undefined, "missing_field:finish_reason"],
    ["channel", "c".repeat(65), "invalid_field:channel"],
    ["model", "", "invalid_field:model"],
    ["chat_type", "", "invalid_field:chat_type"],
    ["query_category", "q".repeat(65), "invalid_field:query_category"],
    ["trace_id", "t".repeat(257), "invalid_field:trace_id"],
    ["trace_id", "t".repeat(256), "accepted"],
    ["time_cost_ms", -1, "invalid_field:time_cost_ms"],
    ["time_cost_ms", 1.5, "invalid_field:time_cost_ms"],
    ["prompt_tokens", "12", "invalid_field:prompt_tokens"],
    ["iteration_count", undefined, "missing_field:iteration_count"],
    ["turn_index", -2, "invalid_field:turn_index"],
    ["tools_used_names", undefined, "missing_field:tools_used_names"],
    ["tools_used_names", [], "accepted"],
    ["tools_used_names", "web_search", "invalid_field:tools_used_names"],
    ["tools_used_names", ["n".repeat(129)], "invalid_field:tools_used_names.0"],
    ["tools_used_names", ["n".repeat(128)], "accepted"],
    ["tools_used_names", Array.from({ length: 256 }, () => "tool"), "accepted"],
    ["tools_used_names", Array.from({ length: 257 }, () => "tool"), "invalid_field:tools_used_names"],
    ["citation_ids", ["ok", "c".repeat(161)], "invalid_field:citation_ids.1"],
    ["citation_ids", ["c".repeat(160)], "accepted"],
    ["citation_ids", Array.from({ length: 257 }, (_, i) => `c${i}`), "invalid_field:citation_ids"],
    ["query_text", 42, "invalid_field:query_text"],
  ])("%s = %j -> %s", (field, value, expected) => {
    expect(reasonOf({ ...makeResponseCompleted(), [field]: value })).toBe(expected);
  });
});
