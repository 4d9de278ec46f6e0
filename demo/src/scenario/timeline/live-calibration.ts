/**
 * The mean gap between unit starts that makes a live run emit `eventsPerSecond` on average.
 *
 * Dividing the rate by the mean events per unit is not enough: a unit's events spread over up to
 * an hour (follow-ups, late ratings), so in a run of a few minutes many of them fall after its
 * end, and the run would come out slow. Units start from `warmUpMs` before the run, so a unit
 * starting at u (relative to the run's start, in [-warmUp, run]) shows an event at offset o only
 * when 0 <= u + o <= run; integrated over u, that event contributes run - max(0, o - warmUp) ms
 * (never below 0). The gap then is the mean contribution per unit divided by the events wanted.
 *
 * `sampleOffsets`: for a sample of units, the offsets (ms after the unit's start) of their events.
 */
export function liveMeanGapMs(
  sampleOffsets: readonly (readonly number[])[],
  eventsPerSecond: number,
  runMs: number,
  warmUpMs: number,
): number {
  let contribution = 0;
  for (const offsets of sampleOffsets)
    for (const offset of offsets) contribution += Math.max(0, runMs - Math.max(0, offset - warmUpMs));
  const perUnit = contribution / Math.max(1, sampleOffsets.length);
  const wanted = (eventsPerSecond / 1000) * runMs;
  return wanted > 0 && perUnit > 0 ? perUnit / wanted : 1000;
}
