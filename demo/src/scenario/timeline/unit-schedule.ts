import { SeededRandom } from "../../random/seeded-random";
import { RANDOM_STREAMS } from "../random-streams";

/** Start time of unit `index`, or null when the scenario has no such unit. Non-decreasing in `index`. */
export type UnitSchedule = (index: number) => number | null;

/** Each unit starts at a random point of its own slot: even coverage of the window, no clumps or gaps. */
function jitteredSlotStart(seed: number, originMs: number, slotMs: number, index: number): number {
  const jitter = SeededRandom.derive(seed, RANDOM_STREAMS.schedule, index).next();
  return Math.round(originMs + (index + jitter) * slotMs);
}

/** `units` units spread over [startMs, startMs + spanMs). */
export function backfillSchedule(seed: number, startMs: number, spanMs: number, units: number): UnitSchedule {
  const slotMs = units > 0 ? spanMs / units : 0;
  return (index) => (index < units ? jitteredSlotStart(seed, startMs, slotMs, index) : null);
}

/** An endless stream of units from `startMs`, one every `meanGapMs` on average. */
export function liveSchedule(seed: number, startMs: number, meanGapMs: number): UnitSchedule {
  return (index) => jitteredSlotStart(seed, startMs, meanGapMs, index);
}
