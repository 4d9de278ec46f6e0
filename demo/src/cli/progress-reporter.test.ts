import { describe, expect, it } from "vitest";
import { formatProgress, ProgressReporter } from "./progress-reporter";

const progressAt = (sent: number) => ({ sent, total: 1000, accepted: sent, rejected: 0, elapsedMs: 2000 });

describe("ProgressReporter", () => {
  it("writes a line per 10 % when stderr is not a terminal", () => {
    const lines: string[] = [];
    const reporter = new ProgressReporter({ isTTY: false, write: (text) => lines.push(text) });
    for (let sent = 50; sent <= 1000; sent += 50) reporter.update(progressAt(sent));
    reporter.finish();
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("sent 100/1000 (10%)  50 events/s  accepted 100  rejected 0\n");
    expect(lines.at(-1)).toContain("sent 1000/1000 (100%)");
  });

  it("rewrites one line on a terminal, at most every interval, always the last", () => {
    const writes: string[] = [];
    let nowMs = 0;
    const reporter = new ProgressReporter({ isTTY: true, write: (text) => writes.push(text) }, 200, () => nowMs);
    reporter.update(progressAt(100));
    nowMs = 100;
    reporter.update(progressAt(200)); // too soon
    nowMs = 300;
    reporter.update(progressAt(300));
    reporter.update(progressAt(1000)); // the end is always drawn
    reporter.finish();
    expect(writes.map((text) => text.replace("\r\x1b[2K", ""))).toEqual([
      formatProgress(progressAt(100)),
      formatProgress(progressAt(300)),
      formatProgress(progressAt(1000)),
      "\n",
    ]);
    expect(writes[0]?.startsWith("\r\x1b[2K")).toBe(true);
  });
});
