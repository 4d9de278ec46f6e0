import type { SendProgress } from "../send/send-stream";

export type ProgressOutput = { readonly isTTY?: boolean; write(text: string): unknown };

const rateOf = (progress: SendProgress) =>
  progress.elapsedMs > 0 ? Math.round((progress.sent * 1000) / progress.elapsedMs) : 0;

export function formatProgress(progress: SendProgress): string {
  const percent = progress.total > 0 ? Math.floor((progress.sent * 100) / progress.total) : 100;
  return `sent ${progress.sent}/${progress.total} (${percent}%)  ${rateOf(progress)} events/s  accepted ${progress.accepted}  rejected ${progress.rejected}`;
}

/**
 * Progress on stderr. On a terminal one line rewritten in place (at most every `intervalMs`); in
 * a log (CI, docker) a line each time another 10 % is done, so logs stay short.
 */
export class ProgressReporter {
  private lastDrawMs = Number.NEGATIVE_INFINITY;
  private nextTenth = 1;
  private drawn = false;

  constructor(
    private readonly output: ProgressOutput,
    private readonly intervalMs = 200,
    private readonly now: () => number = Date.now,
  ) {}

  update(progress: SendProgress): void {
    if (this.output.isTTY) {
      const nowMs = this.now();
      if (nowMs - this.lastDrawMs < this.intervalMs && progress.sent < progress.total) return;
      this.lastDrawMs = nowMs;
      this.output.write(`\r\x1b[2K${formatProgress(progress)}`);
      this.drawn = true;
      return;
    }
    const tenths = progress.total > 0 ? Math.floor((progress.sent * 10) / progress.total) : 10;
    if (tenths < this.nextTenth) return;
    this.nextTenth = tenths + 1;
    this.output.write(`${formatProgress(progress)}\n`);
  }

  /** Ends the in-place line so what follows starts on a fresh one. */
  finish(): void {
    if (this.drawn) this.output.write("\n");
    this.drawn = false;
  }
}
