import { describe, expect, it } from "vitest";
import { LatestOffsetCommitter, type Commit } from "./latest-offset-committer";

type Offsets = Parameters<Commit>[0];

/** A commit that resolves when the test says so, recording what it was asked to commit. */
function heldCommits() {
  const calls: { offsets: Offsets; resolve: () => void; reject: (error: Error) => void }[] = [];
  const commit: Commit = (offsets) => new Promise<void>((resolve, reject) => calls.push({ offsets, resolve, reject }));
  return { calls, commit };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("LatestOffsetCommitter", () => {
  it("runs one commit at a time and sends the latest offset of every partition read meanwhile in the next", async () => {
    const { calls, commit } = heldCommits();
    const committer = new LatestOffsetCommitter();
    committer.read("events", 0, "10", commit);
    await flush();
    committer.read("events", 0, "20", commit);
    committer.read("events", 1, "5", commit);
    committer.read("events", 0, "30", commit);
    await flush();
    expect(calls.map((c) => c.offsets)).toEqual([{ topics: [{ topic: "events", partitions: [{ partition: 0, offset: "10" }] }] }]);
    calls[0]!.resolve();
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.offsets).toEqual({ topics: [{ topic: "events", partitions: [{ partition: 0, offset: "30" }, { partition: 1, offset: "5" }] }] });
    calls[1]!.resolve();
    await committer.settled();
    expect(calls).toHaveLength(2);
  });

  it("reports a failed commit when settled, instead of an unhandled rejection", async () => {
    const { calls, commit } = heldCommits();
    const committer = new LatestOffsetCommitter();
    committer.read("events", 0, "1", commit);
    await flush();
    calls[0]!.reject(new Error("rebalance in progress"));
    await expect(committer.settled()).rejects.toThrow("rebalance in progress");
  });
});
