/** A JSON form of a delta in which a Map is its sorted entries, so equal deltas give equal text. */
const deltaText = (delta: unknown): string =>
  JSON.stringify(delta, (_key, value: unknown) =>
    value instanceof Map ? [...value].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : value,
  );

/**
 * The deltas found alike by two reads a moment apart, and how many were not.
 *
 * A repair reads the facts and the views' tables in separate queries while ingest goes on, so
 * one read can see an INSERT's fact part and not yet its views' parts (they commit just after),
 * or a whole INSERT on one side only: a difference that is gone a moment later. A missing view
 * part stays: it is found alike twice. Only those are applied; a repair with any unstable delta
 * is tried again on the next round.
 */
export function stableDeltas<T>(first: readonly T[], second: readonly T[]): { stable: T[]; unstable: number } {
  const again = new Set(second.map(deltaText));
  const stable = first.filter((delta) => again.has(deltaText(delta)));
  return { stable, unstable: first.length + second.length - 2 * stable.length };
}
