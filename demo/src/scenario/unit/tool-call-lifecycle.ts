import type { ToolCallInput } from "@answerscope/contracts";
import type { SeededRandom } from "../../random/seeded-random";
import type { ToolProfile } from "../catalog/tools";
import type { EventBody, UnitRecorder } from "./unit-recorder";

/** Whose call it is: a chat answer (session, maybe response) or a diagnostic task. */
export type ToolCallParent =
  { readonly session_id: string; readonly response_id?: string } | { readonly diagnostic_task_id: string };

export type ToolCallOutcome = { readonly toolCallId: string; readonly failed: boolean; readonly endMs: number };

/**
 * How a call's lifecycle reaches the pipeline. Most calls send started then a terminal event; a
 * few lose the started event (a producer restart) or never send the terminal one (the process
 * died), which the pipeline must count as `start_inferred` and `unfinished` respectively.
 */
const LIFECYCLES = [
  ["started_and_terminal", 95],
  ["terminal_only", 3],
  ["started_only", 2],
] as const;

/** Records the events of one tool invocation starting at `startMs`. */
export function recordToolCall(
  recorder: UnitRecorder,
  random: SeededRandom,
  call: {
    toolCallId: string;
    tool: ToolProfile;
    userId: string;
    parent: ToolCallParent;
    startMs: number;
    failureRate: number;
  },
): ToolCallOutcome {
  const { tool } = call;
  const durationMs = Math.max(5, Math.round(random.logNormal(tool.durationMedianMs, 0.6)));
  const failed = random.chance(call.failureRate);
  const lifecycle = random.weighted(LIFECYCLES);
  const body = (fields: Pick<ToolCallInput, "status"> & Partial<ToolCallInput>): EventBody<ToolCallInput> =>
    Object.assign(
      { event_type: "tool_call" as const, tool_call_id: call.toolCallId, tool_name: tool.name, user_id: call.userId },
      call.parent,
      fields,
    );

  if (lifecycle !== "terminal_only") {
    recorder.record<ToolCallInput>(
      call.startMs,
      body({ status: "started", arguments: { ...random.pick(tool.arguments) } }),
    );
  }
  const endMs = call.startMs + durationMs;
  if (lifecycle !== "started_only") {
    // duration_ms is optional: without it the pipeline derives it from the two timestamps, unless
    // the started event is missing, when a duration is all there is.
    const sendsDuration = lifecycle === "terminal_only" || random.chance(0.8);
    const duration = sendsDuration ? { duration_ms: durationMs } : {};
    if (failed) {
      const failure = random.pick(tool.failures);
      recorder.record<ToolCallInput>(
        endMs,
        body({
          status: "failed",
          error_category: failure.category,
          error_message: random.pick(failure.messages),
          ...duration,
        }),
      );
    } else {
      recorder.record<ToolCallInput>(
        endMs,
        body({ status: "completed", result_summary: random.pick(tool.results), ...duration }),
      );
    }
  }
  // A call that never reported its end did not visibly fail: the answer went on without it.
  return { toolCallId: call.toolCallId, failed: failed && lifecycle !== "started_only", endMs };
}
