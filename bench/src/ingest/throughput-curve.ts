/**
 * Throughput from a progress curve: the rate between the moments 10 % and 90 % of the
 * expected total were reached. Startup (process start, group join, migrations) and the
 * last straggling batch fall outside, so source, sink and worker are compared on their
 * steady state alike.
 */
export class ThroughputCurve {
  private readonly started = performance.now();
  private at10?: number;
  private at90?: number;
  private atDone?: number;

  constructor(private readonly expected: number) {}

  observe(count: number, now = performance.now()): void {
    if (this.at10 === undefined && count >= 0.1 * this.expected) this.at10 = now;
    if (this.at90 === undefined && count >= 0.9 * this.expected) this.at90 = now;
    if (this.atDone === undefined && count >= this.expected) this.atDone = now;
  }

  get done(): boolean {
    return this.atDone !== undefined;
  }

  /** Events per second between 10 % and 90 %. */
  get rate(): number {
    if (this.at10 === undefined || this.at90 === undefined || this.at90 <= this.at10) return Number.NaN;
    return (0.8 * this.expected) / ((this.at90 - this.at10) / 1000);
  }

  /** Seconds from the start until everything was counted. */
  get totalSeconds(): number {
    return this.atDone === undefined ? Number.NaN : (this.atDone - this.started) / 1000;
  }
}
