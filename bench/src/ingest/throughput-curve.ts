/**
 * Throughput from a progress curve: the rate between the first observations that reached
 * 10 % and 90 % of the expected total. Startup (process start, group join, migrations) and
 * the last straggling batch fall outside, so source, sink and worker are compared on their
 * steady state alike.
 *
 * The rate counts what was actually observed between those two moments, not 80 % of the
 * total: counts arrive in steps (a worker's write of 5,000 rows is an eighth of the default
 * run), so the first count past 10 % may already be 12.5 % and the first past 90 % 100 %,
 * and 80 % of the total over that time would understate the rate by up to a step.
 */
export class ThroughputCurve {
  private readonly started = performance.now();
  private at10?: { count: number; at: number };
  private at90?: { count: number; at: number };
  private atDone?: number;

  constructor(private readonly expected: number) {}

  observe(count: number, now = performance.now()): void {
    if (this.at10 === undefined && count >= 0.1 * this.expected) this.at10 = { count, at: now };
    else if (this.at10 !== undefined && this.at90 === undefined && count >= 0.9 * this.expected) this.at90 = { count, at: now };
    if (this.atDone === undefined && count >= this.expected) this.atDone = now;
  }

  get done(): boolean {
    return this.atDone !== undefined;
  }

  /** Events per second between the observations that reached 10 % and 90 %; NaN when one step covered both. */
  get rate(): number {
    const { at10, at90 } = this;
    if (at10 === undefined || at90 === undefined || at90.at <= at10.at) return Number.NaN;
    return (at90.count - at10.count) / ((at90.at - at10.at) / 1000);
  }

  /** Seconds from the start until everything was counted. */
  get totalSeconds(): number {
    return this.atDone === undefined ? Number.NaN : (this.atDone - this.started) / 1000;
  }
}
