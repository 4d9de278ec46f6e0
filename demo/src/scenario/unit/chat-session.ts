import type { SeededRandom } from "../../random/seeded-random";
import { PLAIN_FOLLOW_UPS, REASK_OPENERS } from "../catalog/follow-ups";
import { TOPICS, type Topic } from "../catalog/queries";
import { recordAnswerTurn, type AnswerOutcome, type TurnRequest } from "./answer-turn";
import { rateAnswer } from "./rate-answer";
import { pickSessionSetup, type SessionSetup } from "./session-setup";
import type { UnitRecorder } from "./unit-recorder";
import { recordVikingbotLabel, type LabelledAnswer } from "./vikingbot-label";

const TURN_COUNTS = [
  [1, 40],
  [2, 25],
  [3, 18],
  [4, 10],
  [5, 7],
] as const;
const TOPIC_WEIGHTS = TOPICS.map((topic) => [topic, topic.share] as const);
const MINUTE = 60_000;

/** The gap before a turn that reacts to the last answer: well inside the 10-minute follow-up window. */
const quickGapMs = (random: SeededRandom) =>
  Math.round(Math.min(9 * MINUTE, Math.max(4_000, random.logNormal(70_000, 0.8))));
/** The gap before an unrelated later question: past the window, so the last answer had no follow-up. */
const laterGapMs = (random: SeededRandom) => random.int(11 * MINUTE, 40 * MINUTE);

type NextTurn = { topic: Topic; queryText: string; isReask: boolean; gapMs: number };

/**
 * What the user does after an answer. A bad answer is mostly re-asked at once ("not what I asked"
 * + the question again); a good one gets a quick follow-up question or, later, a new question.
 */
function nextTurn(
  random: SeededRandom,
  setup: SessionSetup,
  topic: Topic,
  lastQuery: string,
  last: AnswerOutcome,
): NextTurn {
  if (!last.good && random.chance(0.7)) {
    const opener = random.pick(REASK_OPENERS[setup.language]);
    const queryText = random.chance(0.7) ? `${opener} ${lastQuery}` : opener;
    return { topic, queryText, isReask: true, gapMs: quickGapMs(random) };
  }
  if (random.chance(0.55))
    return {
      topic,
      queryText: random.pick(PLAIN_FOLLOW_UPS[setup.language]),
      isReask: false,
      gapMs: quickGapMs(random),
    };
  const newTopic = random.weighted(TOPIC_WEIGHTS);
  const gapMs = random.chance(0.4) ? quickGapMs(random) : laterGapMs(random);
  return { topic: newTopic, queryText: random.pick(newTopic.queries[setup.language]), isReask: false, gapMs };
}

/**
 * Records one chat session of 1-5 turns, each with its tool calls and ratings; with
 * `vikingbotLabels`, also the label vikingbot's own evaluator gives each answer.
 */
export function recordChatSession(
  recorder: UnitRecorder,
  random: SeededRandom,
  startMs: number,
  vikingbotLabels = false,
): void {
  const setup = pickSessionSetup(random, recorder.tenantId);
  const sessionId = recorder.idOf("sess");
  const turns = random.weighted(TURN_COUNTS);
  let topic = random.weighted(TOPIC_WEIGHTS);
  let queryText = random.pick(topic.queries[setup.language]);
  let turn: TurnRequest = { sessionId, turnIndex: 0, startMs, topic, queryText, isReask: false };
  const answered: LabelledAnswer[] = [];

  for (let index = 0; index < turns; index++) {
    const answer = recordAnswerTurn(recorder, random, setup, turn);
    const rating = rateAnswer(recorder, random, setup, sessionId, answer);
    answered.push({ answer, rating, nextMessageMs: null });
    if (index === turns - 1) break;
    const next = nextTurn(random, setup, topic, queryText, answer);
    answered.at(-1)!.nextMessageMs = answer.endMs + next.gapMs;
    // A re-ask repeats the original question, so keep that as the question of record.
    if (!next.isReask) queryText = next.queryText;
    topic = next.topic;
    turn = {
      sessionId,
      turnIndex: index + 1,
      startMs: answer.endMs + next.gapMs,
      topic,
      queryText: next.queryText,
      isReask: next.isReask,
    };
  }
  if (vikingbotLabels) for (const labelled of answered) recordVikingbotLabel(recorder, labelled);
}
