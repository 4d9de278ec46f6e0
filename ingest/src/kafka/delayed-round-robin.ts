import { PartitionAssigners, type PartitionAssigner } from "kafkajs";

/**
 * kafkajs's round-robin assigner, except that the group leader waits `delayMs` before it hands
 * in the assignment (its SyncGroup request).
 *
 * librdkafka's mock cluster (the broker of the tests, the bench and `npm start`) completes a
 * rebalance the moment the leader's SyncGroup arrives and answers any member whose own SyncGroup
 * comes after it with INVALID_REQUEST, which kafkajs treats as fatal: that member crashes, its
 * successor joins as a new member, and the group waits a whole session timeout for the one that
 * crashed, again and again (seen: 6 of 14 two-worker bench runs stalled for 15 s and more). A
 * real broker answers a late SyncGroup with the member's assignment; there the delay only makes
 * each rebalance that much longer. The name stays the round-robin one, so members
 * with and without the delay agree on the protocol.
 */
export function delayedRoundRobin(delayMs: number): PartitionAssigner {
  return (config) => {
    const roundRobin = PartitionAssigners.roundRobin(config);
    return {
      ...roundRobin,
      assign: async (group) => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return roundRobin.assign(group);
      },
    };
  };
}
