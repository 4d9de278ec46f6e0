import { SeededRandom } from "../random/seeded-random";
import { toDemoMessage, type DemoMessage } from "./demo-message";
import { corruptEvent } from "./malformed/corrupt-event";
import { ExactSharePicker } from "./malformed/exact-share-picker";
import { RANDOM_STREAMS } from "./random-streams";
import { resolveScenario, type ResolvedScenario, type ScenarioOptions } from "./scenario-options";
import { planBackfill } from "./timeline/backfill-plan";
import { EventHeap } from "./timeline/event-heap";
import { liveMeanGapMs } from "./timeline/live-calibration";
import { liveSchedule, type UnitSchedule } from "./timeline/unit-schedule";
import { buildUnit, type UnitSpec } from "./unit/build-unit";

/** Event offsets of a fixed sample of units, to pace live mode. */
const sampleOffsets = (spec: UnitSpec): number[][] =>
  Array.from({ length: 300 }, (_, index) => buildUnit(spec, index, 0).map((timed) => timed.atMs));

/**
 * How far before a live start units begin. Traffic that has just started has only first turns
 * (follow-ups and ratings come minutes later), so it would run at half the rate; starting units
 * earlier and emitting only from the start joins traffic already in its steady state. Capped so
 * the warm-up never builds more than ~200,000 unseen events.
 */
const liveWarmUpMs = (eventsPerSecond: number) => Math.min(10 * 60_000, (200_000 / eventsPerSecond) * 1000);

/** When units start, and the span outside which events are not emitted (before the start, after "now"). */
function timelineOf(
  scenario: ResolvedScenario,
  spec: UnitSpec,
  validEvents: number,
): { schedule: UnitSchedule; fromMs: number; toMs: number } {
  const { time } = scenario;
  if (time.mode === "live") {
    const warmUpMs = liveWarmUpMs(time.eventsPerSecond);
    const runMs = (scenario.events / time.eventsPerSecond) * 1000;
    const meanGapMs = liveMeanGapMs(sampleOffsets(spec), time.eventsPerSecond, runMs, warmUpMs);
    const schedule = liveSchedule(scenario.seed, time.startMs - warmUpMs, meanGapMs);
    return { schedule, fromMs: time.startMs, toMs: Number.POSITIVE_INFINITY };
  }
  const originMs = time.endMs - time.windowMs;
  return {
    schedule: planBackfill(spec, Math.max(validEvents, 1), originMs, time.windowMs),
    fromMs: originMs,
    toMs: time.endMs,
  };
}

/**
 * The demo event stream: exactly `events` messages in time order, of which round(events x
 * malformedShare) are malformed. Deterministic for given options (with a fixed end or start time).
 * Options are checked at once (a RangeError); the work happens as the stream is read.
 */
export function generateDemoEvents(options: ScenarioOptions, nowMs: number = Date.now()): Generator<DemoMessage> {
  return streamOf(resolveScenario(options, nowMs));
}

/**
 * Units (chat sessions, diagnostic tasks) overlap in time, so their events are merged through a
 * heap; a unit is added once the stream reaches its start. The stream stops at the requested
 * count, so the units still open at that moment end early, as live traffic would when cut off.
 */
function* streamOf(scenario: ResolvedScenario): Generator<DemoMessage> {
  const spec: UnitSpec = {
    seed: scenario.seed,
    tenants: scenario.tenants,
    diagnosticShare: scenario.diagnosticShare,
    vikingbotShare: scenario.vikingbotShare,
  };
  const malformedCount = Math.round(scenario.events * scenario.malformedShare);
  if (scenario.events === 0) return;
  const { schedule, fromMs, toMs } = timelineOf(scenario, spec, scenario.events - malformedCount);
  const picker = new ExactSharePicker(
    scenario.events,
    malformedCount,
    SeededRandom.derive(scenario.seed, RANDOM_STREAMS.malformedPositions),
  );
  const defectRandom = SeededRandom.derive(scenario.seed, RANDOM_STREAMS.malformedDefects);
  const heap = new EventHeap();
  let nextUnit = 0;

  for (let emitted = 0; emitted < scenario.events; emitted++) {
    // Add every unit that starts before the earliest pending event (or any unit, when none is pending).
    for (let start = schedule(nextUnit); start !== null; start = schedule(nextUnit)) {
      const earliest = heap.peek();
      if (earliest !== undefined && start > earliest.atMs) break;
      for (const timed of buildUnit(spec, nextUnit, start))
        if (timed.atMs >= fromMs && timed.atMs <= toMs) heap.push(timed);
      nextUnit++;
    }
    const next = heap.peek();
    if (next === undefined) throw new Error("demo scenario ran out of events"); // planBackfill sized the units to fit
    if (picker.next()) {
      // A malformed copy of the next event: the valid one still follows.
      const { defect, value, key } = corruptEvent(next.event, defectRandom);
      yield {
        kind: next.event.event_type,
        key,
        value,
        malformed: true,
        defect,
        tenantId: next.event.tenant_id,
        occurredAtMs: next.atMs,
      };
    } else {
      heap.pop();
      yield toDemoMessage(next);
    }
  }
}
