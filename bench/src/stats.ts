/** Order statistics of repeated measurements: every reported figure is a median (or p95) of several runs. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: with few runs an interpolated p95 would invent a value nobody measured.
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface Timing {
  runs: number;
  p50_ms: number;
  p95_ms: number;
  min_ms: number;
  max_ms: number;
}

export function timingOf(samplesMs: readonly number[]): Timing {
  return {
    runs: samplesMs.length,
    p50_ms: round(median(samplesMs)),
    p95_ms: round(percentile(samplesMs, 0.95)),
    min_ms: round(Math.min(...samplesMs)),
    max_ms: round(Math.max(...samplesMs)),
  };
}

/** Runs `work` once untimed (caches, JIT), then `runs` times, and returns the wall-clock timings. */
export async function timeRepeated(runs: number, work: () => Promise<unknown>, { warmup = 1 } = {}): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return timingOf(samples);
}

export const round = (value: number, digits = 1): number => {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** a / b rounded, NaN-safe: a ratio is only printed when both sides were measured. */
export const ratio = (a: number, b: number, digits = 2): number | null =>
  a > 0 && b > 0 && Number.isFinite(a / b) ? round(a / b, digits) : null;
