/** `count` observations of the pair (x, y): how the warehouse answers, grouped by value. */
export interface WeightedPair {
  x: number;
  y: number;
  count: number;
}

/** The average rank (1-based) of each distinct value: tied values share the mean of their positions. */
function averageRanks(values: ReadonlyMap<number, number>): Map<number, number> {
  const ranks = new Map<number, number>();
  let before = 0;
  for (const value of [...values.keys()].sort((a, b) => a - b)) {
    const count = values.get(value)!;
    ranks.set(value, before + (count + 1) / 2);
    before += count;
  }
  return ranks;
}

function tally(pairs: readonly WeightedPair[], of: (pair: WeightedPair) => number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const pair of pairs) counts.set(of(pair), (counts.get(of(pair)) ?? 0) + pair.count);
  return counts;
}

/**
 * Spearman's rank correlation of grouped observations: the Pearson correlation of the average
 * ranks (docs/metrics.md "Attribution"). `rho` is null when there is no observation or either side
 * never varies (a rank correlation is undefined then, not 0). Deviations are centred before they
 * are multiplied, so millions of observations keep their precision.
 */
export function spearman(pairs: readonly WeightedPair[]): { rho: number | null; n: number } {
  const live = pairs.filter((pair) => pair.count > 0);
  const n = live.reduce((total, pair) => total + pair.count, 0);
  if (n === 0) return { rho: null, n };
  const xRanks = averageRanks(tally(live, (pair) => pair.x));
  const yRanks = averageRanks(tally(live, (pair) => pair.y));
  // Both rank lists are 1..n with ties averaged, so both means are (n + 1) / 2.
  const mean = (n + 1) / 2;
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (const pair of live) {
    const dx = xRanks.get(pair.x)! - mean;
    const dy = yRanks.get(pair.y)! - mean;
    xy += pair.count * dx * dy;
    xx += pair.count * dx * dx;
    yy += pair.count * dy * dy;
  }
  if (xx === 0 || yy === 0) return { rho: null, n };
  return { rho: xy / Math.sqrt(xx * yy), n };
}
