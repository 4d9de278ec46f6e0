import { describe, expect, it } from "vitest";
import { OffsetCommitter, type CommitOffsets } from "./offset-committer";

type Offsets = Parameters<CommitOffsets>[0];

/** A commit function that resolves when the test says so, recording what it was asked to commit. */
function heldCommits() {
  const calls: { offsets: Offsets; resolve: () => void; reject: (error: Error) => void }[] = [];
  const commit: CommitOffsets = (offsets) =>
    new Promise<void>((resolve, reject) => calls.push({ offsets, resolve, reject }));
  return { calls, commit };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const one = (topic: string, partition: number, offset: string) => ({
  topics: [{ topic, partitions: [{ partition, offset }] }],
});

describe("OffsetCommitter", () => {
  it("runs one commit at a time and commits what became durable meanwhile right after it", async () => {
    const { calls, commit } = heldCommits();
    const committer = new OffsetCommitter(() => undefined);
    committer.useCommit(commit);
    committer.track("events", 0, 10n)();
    void committer.commitDurable();
    await flush();
    committer.track("events", 0, 20n)();
    void committer.commitDurable();
    committer.track("events", 1, 5n)();
    const all = committer.commitDurable();
    await flush();
    expect(calls.map((c) => c.offsets)).toEqual([one("events", 0, "10")]);
    calls[0]!.resolve();
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.offsets).toEqual({
      topics: [
        {
          topic: "events",
          partitions: [
            { partition: 0, offset: "20" },
            { partition: 1, offset: "5" },
          ],
        },
      ],
    });
    calls[1]!.resolve();
    await all;
    // Nothing new is durable: a further request commits nothing.
    await committer.commitDurable();
    expect(calls).toHaveLength(2);
  });

  it("commits nothing before it has a batch's commit function, and nothing not yet durable", async () => {
    const { calls, commit } = heldCommits();
    const committer = new OffsetCommitter(() => undefined);
    committer.track("events", 0, 10n)();
    await committer.commitDurable();
    committer.useCommit(commit);
    committer.track("events", 1, 7n);
    void committer.commitDurable();
    await flush();
    expect(calls.map((c) => c.offsets)).toEqual([one("events", 0, "10")]);
    calls[0]!.resolve();
  });

  it("reports a failed commit and keeps its offsets for the next", async () => {
    const { calls, commit } = heldCommits();
    const failures: unknown[] = [];
    const committer = new OffsetCommitter((error) => failures.push(error));
    committer.useCommit(commit);
    committer.track("events", 0, 3n)();
    const first = committer.commitDurable();
    await flush();
    calls[0]!.reject(new Error("rebalance in progress"));
    await first;
    expect(failures).toEqual([new Error("rebalance in progress")]);
    void committer.commitDurable();
    await flush();
    expect(calls[1]!.offsets).toEqual(one("events", 0, "3"));
    calls[1]!.resolve();
  });

  it("forgets what was tracked on reset (a new group generation)", async () => {
    const { calls, commit } = heldCommits();
    const committer = new OffsetCommitter(() => undefined);
    committer.useCommit(commit);
    const markDurable = committer.track("events", 0, 9n);
    committer.reset();
    markDurable();
    await committer.commitDurable();
    expect(calls).toEqual([]);
  });
});
