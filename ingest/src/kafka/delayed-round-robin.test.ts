import { PartitionAssigners, type Cluster, type Logger } from "kafkajs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { delayedRoundRobin } from "./delayed-round-robin";

// What the round-robin assigner reads of the cluster: the partitions of each topic.
const partitions = { a: 4, b: 2 } as Record<string, number>;
const cluster = {
  findTopicPartitionMetadata: (topic: string) =>
    Array.from({ length: partitions[topic] ?? 0 }, (_, partitionId) => ({ partitionId })),
} as unknown as Cluster;
const config = { cluster, groupId: "g", logger: {} as Logger };
const group = {
  members: [
    { memberId: "m1", memberMetadata: Buffer.alloc(0) },
    { memberId: "m2", memberMetadata: Buffer.alloc(0) },
  ],
  topics: ["a", "b"],
};

describe("delayedRoundRobin", () => {
  afterEach(() => vi.useRealTimers());

  it("hands in kafkajs's round-robin assignment only once the delay has passed", async () => {
    vi.useFakeTimers();
    let assigned: unknown;
    const pending = delayedRoundRobin(250)(config)
      .assign(group)
      .then((result) => (assigned = result));
    await vi.advanceTimersByTimeAsync(249);
    expect(assigned).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(assigned).toEqual(await PartitionAssigners.roundRobin(config).assign(group));
    expect((assigned as unknown[]).length).toBe(2);
  });

  it("keeps the round-robin protocol's name, version and metadata, so members with and without the delay agree", () => {
    const patient = delayedRoundRobin(250)(config);
    const roundRobin = PartitionAssigners.roundRobin(config);
    expect([patient.name, patient.version]).toEqual([roundRobin.name, roundRobin.version]);
    expect(patient.protocol({ topics: ["a"] })).toEqual(roundRobin.protocol({ topics: ["a"] }));
  });

  it("assigns at once with no delay", async () => {
    vi.useFakeTimers();
    await expect(delayedRoundRobin(0)(config).assign(group)).resolves.toEqual(
      await PartitionAssigners.roundRobin(config).assign(group),
    );
  });
});
