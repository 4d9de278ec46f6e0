import type { SeededRandom } from "../../random/seeded-random";
import { USERS_PER_TENANT } from "../catalog/dimensions";
import { DIAGNOSTIC_DOWN_REASONS, DOWN_COMMENTS } from "../catalog/feedback-texts";
import { DIAGNOSTIC_TOOLS } from "../catalog/tools";
import { recordRating, recordRevision, type RatingAction } from "./record-feedback";
import { userIdOf } from "./session-setup";
import { recordToolCall } from "./tool-call-lifecycle";
import type { UnitRecorder } from "./unit-recorder";

/**
 * An AIOps diagnosis: an agent gathers evidence in 3-7 tool calls under a diagnostic_task_id (no
 * chat session), then writes a report. The on-call engineer rates single steps and the report.
 */
export function recordDiagnosticTask(recorder: UnitRecorder, random: SeededRandom, startMs: number): void {
  const taskId = recorder.idOf("diag");
  const userId = userIdOf(recorder.tenantId, random.int(1, Math.ceil(USERS_PER_TENANT / 10))); // a small on-call rota
  const steps = random.int(3, 7);
  let cursorMs = startMs;
  let failedSteps = 0;
  const stepOutcomes: { toolCallId: string; failed: boolean; endMs: number }[] = [];
  for (let index = 0; index < steps; index++) {
    const outcome = recordToolCall(recorder, random, {
      toolCallId: recorder.idOf("step", index),
      tool: random.pick(DIAGNOSTIC_TOOLS),
      userId,
      parent: { diagnostic_task_id: taskId },
      startMs: cursorMs,
      failureRate: 0.08,
    });
    if (outcome.failed) failedSteps++;
    stepOutcomes.push(outcome);
    cursorMs = outcome.endMs + random.int(200, 1500);
  }

  for (const step of stepOutcomes) {
    if (!random.chance(step.failed ? 0.35 : 0.1)) continue;
    const up = !step.failed && random.chance(0.75);
    recordRating(recorder, random, cursorMs + random.int(30_000, 10 * 60_000), {
      target_type: "diagnostic_step",
      target_id: step.toolCallId,
      diagnostic_task_id: taskId,
      user_id: userId,
      rating: up ? "up" : "down",
      ...(up ? {} : { reason: step.failed ? "tool failed" : random.pick(DIAGNOSTIC_DOWN_REASONS) }),
    });
  }

  if (random.chance(0.45)) {
    const up = random.chance(failedSteps === 0 ? 0.7 : 0.35);
    const action: RatingAction = {
      target_type: "diagnostic_report",
      target_id: recorder.idOf("report"),
      diagnostic_task_id: taskId,
      user_id: userId,
      run_id: recorder.idOf("run"),
      rating: up ? "up" : "down",
      ...(up
        ? {}
        : {
            reason: random.pick(DIAGNOSTIC_DOWN_REASONS),
            ...(random.chance(0.4) ? { comment: random.pick(DOWN_COMMENTS) } : {}),
          }),
    };
    const atMs = cursorMs + random.int(60_000, 15 * 60_000);
    recordRating(recorder, random, atMs, action);
    recordRevision(recorder, random, atMs, action);
  }
}
