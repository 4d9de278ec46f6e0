import { buildUnit, type UnitSpec } from "../unit/build-unit";
import { backfillSchedule, type UnitSchedule } from "./unit-schedule";

/** Index of the first entry > `limit` in ascending `sorted`: how many entries are <= limit. */
function countAtMost(sorted: readonly number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as number) <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * How many units a backfill needs so that exactly enough events fall inside the window.
 *
 * Units start evenly over the whole window, and events that would happen after its end ("now")
 * do not exist yet, so the last sessions are cut off as in live traffic and the stream has no dip
 * before "now". Which events survive the cut depends on where units start, which depends on the
 * unit count; since a unit's events sit at fixed offsets from its start, the count is found by
 * building each unit once (at start 0) and trying unit counts until the events inside the window
 * reach the target. The smallest such count keeps the surplus (cut from the end) to a few events.
 */
export function planBackfill(spec: UnitSpec, target: number, originMs: number, windowMs: number): UnitSchedule {
  const endMs = originMs + windowMs;
  const offsets: number[][] = [];
  const offsetsOf = (index: number): readonly number[] => {
    while (offsets.length <= index)
      offsets.push(
        buildUnit(spec, offsets.length, 0)
          .map((timed) => timed.atMs)
          .sort((a, b) => a - b),
      );
    return offsets[index] as number[];
  };
  const eventsInside = (units: number): number => {
    const schedule = backfillSchedule(spec.seed, originMs, windowMs, units);
    let events = 0;
    for (let index = 0; index < units; index++)
      events += countAtMost(offsetsOf(index), endMs - (schedule(index) as number));
    return events;
  };

  // Without the cut, this many units would do; the cut only ever asks for more.
  let units = 0;
  for (let events = 0; events < target; units++) events += offsetsOf(units).length;
  units = Math.max(units, 1);
  const meanPerUnit = Math.max(1, offsets.reduce((sum, unit) => sum + unit.length, 0) / Math.max(1, offsets.length));
  for (let inside = eventsInside(units); inside < target; inside = eventsInside(units)) {
    units += Math.max(1, Math.ceil((target - inside) / meanPerUnit));
  }
  while (units > 1 && eventsInside(units - 1) >= target) units--;
  return backfillSchedule(spec.seed, originMs, windowMs, units);
}
