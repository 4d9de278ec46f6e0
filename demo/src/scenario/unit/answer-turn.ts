import type { FinishReason, ResponseCompletedInput } from "@answerscope/contracts";
import type { SeededRandom } from "../../random/seeded-random";
import type { Topic } from "../catalog/queries";
import { toolProfile } from "../catalog/tools";
import type { SessionSetup } from "./session-setup";
import { recordToolCall } from "./tool-call-lifecycle";
import type { UnitRecorder } from "./unit-recorder";

/** One user turn to answer. */
export type TurnRequest = {
  readonly sessionId: string;
  readonly turnIndex: number;
  readonly startMs: number;
  readonly topic: Topic;
  readonly queryText: string;
  readonly isReask: boolean;
};

/** What later turns and the feedback need to know about an answer. */
export type AnswerOutcome = {
  readonly responseId: string;
  readonly endMs: number;
  /** The hidden truth the user reacts to: ratings and re-asks follow it, with noise. */
  readonly good: boolean;
  readonly finishReason: FinishReason;
  readonly toolFailed: boolean;
  readonly slow: boolean;
  readonly citationIds: readonly string[];
};

/** Base rates of the rare endings (per answer), before model and bot-version factors. */
const RARE_ENDINGS = { error: 0.012, no_reply: 0.008, max_iterations: 0.015, length: 0.012, cancelled: 0.01 } as const;

function pickFinishReason(random: SeededRandom, setup: SessionSetup, topic: Topic): FinishReason {
  const factor = setup.model.failureFactor;
  // Diagnoses loop through tools the longest, so they run out of iterations most.
  const loops = setup.bot.iterationLimitFactor * (topic.category === "bug_diagnosis" ? 2 : 1);
  const rare: [FinishReason, number][] = [
    ["error", RARE_ENDINGS.error * factor],
    ["no_reply", RARE_ENDINGS.no_reply * factor],
    ["max_iterations", RARE_ENDINGS.max_iterations * factor * loops],
    ["length", RARE_ENDINGS.length],
    ["cancelled", RARE_ENDINGS.cancelled],
  ];
  const rareTotal = rare.reduce((sum, [, weight]) => sum + weight, 0);
  return random.weighted<FinishReason>([["stop", 1 - rareTotal], ...rare]);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Records the tool calls and the response_completed of one turn. */
export function recordAnswerTurn(
  recorder: UnitRecorder,
  random: SeededRandom,
  setup: SessionSetup,
  turn: TurnRequest,
): AnswerOutcome {
  const responseId = recorder.idOf("resp", `t${turn.turnIndex}`);
  const finishReason = pickFinishReason(random, setup, turn.topic);
  const maxIterations = setup.bot.name === "1.9.0" ? 15 : 10;

  // Tool calls run one after another from shortly after the question.
  const toolCount =
    finishReason === "no_reply"
      ? 0
      : random.weighted([
          [0, 35],
          [1, 38],
          [2, 19],
          [3, 8],
        ] as const);
  const toolNames = Array.from(
    { length: toolCount },
    (_, i) => (i === 0 && random.chance(0.7) ? turn.topic.tools[0] : random.pick(turn.topic.tools)) ?? "web_search",
  );
  let cursorMs = turn.startMs + random.int(150, 600);
  let toolFailed = false;
  toolNames.forEach((name, index) => {
    const parent = random.chance(0.92)
      ? { session_id: turn.sessionId, response_id: responseId }
      : { session_id: turn.sessionId };
    const call = recordToolCall(recorder, random, {
      toolCallId: recorder.idOf("call", `t${turn.turnIndex}`, index),
      tool: toolProfile(name),
      userId: setup.userId,
      parent,
      startMs: cursorMs,
      failureRate: setup.model.toolFailureRate,
    });
    toolFailed ||= call.failed;
    cursorMs = call.endMs + random.int(50, 400);
  });

  const modelMs =
    random.logNormal(setup.model.latencyMedianMs, setup.model.latencySigma) * (finishReason === "length" ? 1.6 : 1);
  const timeCostMs =
    finishReason === "cancelled"
      ? Math.round((cursorMs - turn.startMs) * random.next() + random.int(300, 3000))
      : Math.round(cursorMs - turn.startMs + modelMs);
  const slow = timeCostMs > 2.5 * setup.model.latencyMedianMs + 2000;

  // Quality is hidden: users only see it through the answer; v2 prompts and easy topics do better.
  const quality = clamp(
    setup.model.quality + setup.prompt.qualityBonus + turn.topic.qualityAdjust - (turn.isReask ? 0.05 : 0),
    0.05,
    0.97,
  );
  const good =
    finishReason === "stop"
      ? random.chance(toolFailed ? quality * 0.6 : quality)
      : finishReason === "length"
        ? random.chance(quality * 0.5)
        : false;

  const iterationCount =
    finishReason === "max_iterations" ? maxIterations : Math.min(maxIterations - 1, 1 + toolCount + random.int(0, 1));
  const completionTokens =
    finishReason === "no_reply"
      ? 0
      : finishReason === "length"
        ? 4096
        : Math.round(clamp(random.logNormal(380, 0.7), 8, 4000));
  const promptTokens = 250 + 420 * iterationCount + random.int(0, 600);
  const charsPerToken = setup.language === "zh" ? 1.5 : 3.8;
  const searched = toolNames.includes("web_search") || toolNames.includes("knowledge_base_search");
  const citationIds =
    searched && finishReason === "stop"
      ? Array.from({ length: random.int(1, 4) }, (_, i) => recorder.idOf("cite", `t${turn.turnIndex}`, i))
      : [];
  const endMs = turn.startMs + timeCostMs;

  recorder.record<ResponseCompletedInput>(endMs, {
    event_type: "response_completed",
    response_id: responseId,
    session_id: turn.sessionId,
    user_id: setup.userId,
    channel: setup.channel,
    model: setup.model.model,
    provider: setup.model.provider,
    ...setup.dimensions,
    ...(setup.sendsCategory ? { query_category: turn.topic.category } : {}),
    ...(setup.sendsVersions ? { prompt_version: setup.prompt.name, bot_version: setup.bot.name } : {}),
    // One trace per answer, named by the answer (as agents that open a trace per reply do): the
    // demo has no tracing system, so its trace link template opens this answer's detail page,
    // which shows the same tool calls on a timeline (demo/src/trace-link-template.ts).
    ...(random.chance(0.7) ? { trace_id: responseId } : {}),
    time_cost_ms: timeCostMs,
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    // total_tokens is optional (the pipeline sums the parts); half the producers send it.
    ...(random.chance(0.5) ? { total_tokens: promptTokens + completionTokens } : {}),
    iteration_count: iterationCount,
    finish_reason: finishReason,
    tool_count: toolCount,
    tools_used_names: [...new Set(toolNames)],
    ...(citationIds.length > 0 ? { citation_ids: citationIds } : {}),
    response_length: Math.round(completionTokens * charsPerToken),
    // A few producers never send the user's text; their answers classify as `unknown`.
    ...(random.chance(0.96) ? { query_text: turn.queryText } : {}),
    turn_index: turn.turnIndex,
  });

  return { responseId, endMs, good, finishReason, toolFailed, slow, citationIds };
}
