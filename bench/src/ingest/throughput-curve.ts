/** The window's two ends: the first observation past 10 %, and the next one past 90 %. */
export type WindowEdge = "from" | "to";

/** The observations at the window's two ends; absent until observed. */
export type CurveWindow = Readonly<Partial<Record<WindowEdge, Observation>>>;

/** An observation: the count seen, and when (ms, performance.now()). */
export interface Observation {
  count: number;
  at: number;
}

/**
 * Throughput from a progress curve: the rate between the first observations that reached
 * 10 % and 90 % of the expected total. Startup (process start, group join, migrations) and
 * the last straggling batch fall outside, so source, sink and worker are compared on their
 * steady state alike.
 *
 * With `warmup`, the first `warmup` of the total are warm-up, and the window lies between 10 %
 * and 90 % of the rest, so every path is measured on a warm process writing into tables that
 * already hold data, as a running pipeline is (what that changed: bench/PERFORMANCE.md, "What
 * moved the ratio").
 *
 * The rate counts what was actually observed between those two moments, not 80 % of the
 * total: counts arrive in steps (a worker's write of 5,000 rows is an eighth of the default
 * run), so the first count past 10 % may already be 12.5 % and the first past 90 % 100 %,
 * and 80 % of the total over that time would understate the rate by up to a step.
 */
export class ThroughputCurve {
  private readonly started = performance.now();
  private readonly edges: Partial<Record<WindowEdge, Observation>> = {};
  private atDone?: number;

  constructor(
    private readonly expected: number,
    private readonly warmup = 0,
  ) {
    if (!(warmup >= 0 && warmup < expected))
      throw new RangeError(`warm-up ${warmup} must be at least 0 and less than the expected ${expected}`);
  }

  /** Records an observation; returns the end of the window it is, if any (CpuWindow snapshots there). */
  observe(count: number, now = performance.now()): WindowEdge | undefined {
    if (this.atDone === undefined && count >= this.expected) this.atDone = now;
    const { from, to } = this.edges;
    const share = (fraction: number) => this.warmup + fraction * (this.expected - this.warmup);
    const edge = !from && count >= share(0.1) ? "from" : from && !to && count >= share(0.9) ? "to" : undefined;
    if (edge) this.edges[edge] = { count, at: now };
    return edge;
  }

  /** The window's ends, once observed: what a run reports, so a caller can check the window followed the warm-up. */
  get window(): CurveWindow {
    return this.edges;
  }

  get done(): boolean {
    return this.atDone !== undefined;
  }

  /** Events per second between the observations that reached 10 % and 90 %; NaN when one step covered both. */
  get rate(): number {
    const { from, to } = this.edges;
    if (!from || !to || to.at <= from.at) return Number.NaN;
    return (to.count - from.count) / ((to.at - from.at) / 1000);
  }

  /** Seconds from the start until everything was counted. */
  get totalSeconds(): number {
    return this.atDone === undefined ? Number.NaN : (this.atDone - this.started) / 1000;
  }
}
