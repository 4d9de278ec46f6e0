import { describe, expect, it } from "vitest";
import type { ToolCallDetail } from "./api-types";
import { buildTimeline } from "./timeline";

const call = (overrides: Partial<ToolCallDetail>): ToolCallDetail => ({
  tool_call_id: "c",
  tool_name: "t",
  status: "completed",
  start_inferred: false,
  started_at: "2026-11-30T10:00:00.000Z",
  finished_at: "2026-11-30T10:00:01.000Z",
  duration_ms: 1000,
  error_category: null,
  error_message: null,
  result_summary: null,
  arguments_json: null,
  response_id: "r",
  session_id: "s",
  diagnostic_task_id: null,
  ...overrides,
});

describe("buildTimeline", () => {
  const response = { occurred_at: "2026-11-30T10:00:04.000Z", time_cost_ms: 4000 };

  it("places the answer and a finished call on one axis", () => {
    const timeline = buildTimeline(response, [call({ tool_call_id: "a" })]);
    expect(timeline.spanMs).toBe(4000);
    expect(timeline.bars[0]).toMatchObject({ kind: "answer", leftPct: 0, widthPct: 100 });
    expect(timeline.bars[1]).toMatchObject({ kind: "completed", leftPct: 0, widthPct: 25, durationMs: 1000 });
  });

  it("draws an inferred start back from the terminal event by its duration, and marks it", () => {
    const inferred = call({
      tool_call_id: "b",
      start_inferred: true,
      started_at: "2026-11-30T10:00:03.000Z",
      finished_at: "2026-11-30T10:00:03.000Z",
      duration_ms: 1000,
    });
    const bar = buildTimeline(response, [inferred]).bars[1]!;
    expect(bar).toMatchObject({ startInferred: true, leftPct: 50, widthPct: 25 });
    expect(bar.title).toContain("start inferred");
  });

  it("runs an unfinished call to the end of the timeline, open and marked", () => {
    const open = call({
      tool_call_id: "c",
      status: "started",
      started_at: "2026-11-30T10:00:02.000Z",
      finished_at: null,
      duration_ms: null,
    });
    const bar = buildTimeline(response, [open]).bars[1]!;
    expect(bar).toMatchObject({ unfinished: true, leftPct: 50, widthPct: 50, durationMs: null });
    expect(bar.title).toContain("unfinished");
  });

  it("widens the axis for calls outside the answer's own time", () => {
    const late = call({
      started_at: "2026-11-30T10:00:05.000Z",
      finished_at: "2026-11-30T10:00:08.000Z",
      duration_ms: 3000,
    });
    expect(buildTimeline(response, [late]).spanMs).toBe(8000);
  });
});
