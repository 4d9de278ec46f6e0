import { SeededRandom } from "../../random/seeded-random";
import { tenantWeight } from "../catalog/dimensions";
import { RANDOM_STREAMS } from "../random-streams";
import { recordChatSession } from "./chat-session";
import { recordDiagnosticTask } from "./diagnostic-task";
import { UnitRecorder, type TimedEvent } from "./unit-recorder";

export type UnitSpec = {
  readonly seed: number;
  readonly tenants: readonly string[];
  /** Share of units that are AIOps diagnostic tasks rather than chat sessions. */
  readonly diagnosticShare: number;
  /** Share of chat sessions whose bot (vikingbot) sends its own outcome labels. */
  readonly vikingbotShare: number;
};

/**
 * The events of unit `index` (unordered), starting at `startMs` (whole ms). A unit depends only on
 * the seed and its index, never on its start time: its events sit at the same offsets from any
 * start, so it can be built once to plan and again to emit.
 */
export function buildUnit(spec: UnitSpec, index: number, startMs: number): TimedEvent[] {
  const random = SeededRandom.derive(spec.seed, RANDOM_STREAMS.unit, index);
  const tenantId = random.weighted(spec.tenants.map((tenant, i) => [tenant, tenantWeight(i)] as const));
  const recorder = new UnitRecorder(`${spec.seed}_${index}`, tenantId);
  if (random.chance(spec.diagnosticShare)) recordDiagnosticTask(recorder, random, startMs);
  else {
    // Its own stream: adding labels (or changing their share) leaves every other event as it was.
    const labelled =
      spec.vikingbotShare > 0 &&
      SeededRandom.derive(spec.seed, RANDOM_STREAMS.vikingbotSessions, index).chance(spec.vikingbotShare);
    recordChatSession(recorder, random, startMs, labelled);
  }
  return recorder.events;
}
