import type { EachBatchPayload } from "kafkajs";
import { CommitLedger, type PartitionOffset } from "./commit-ledger";

export type CommitOffsets = EachBatchPayload["commitOffsetsIfNecessary"];

/**
 * Commits what a CommitLedger says is durable, outside the fetch loop: one commit at a time,
 * and a request made during one runs right after it, with whatever became durable meanwhile.
 * A failed commit is reported and ends the run; its offsets stay committable for the next.
 */
export class OffsetCommitter {
  private ledger = new CommitLedger();
  private commitOffsets?: CommitOffsets;
  private committing?: Promise<void>;
  private again = false;

  constructor(private readonly onFailure: (error: unknown) => void) {}

  /** Tracks a fetched batch (CommitLedger.track); call what it returns once the batch is durable. */
  track(topic: string, partition: number, nextOffset: bigint): () => void {
    return this.ledger.track(topic, partition, nextOffset);
  }

  /** Forgets what was tracked (a new group generation); a commit already running records on what it read. */
  reset(): void {
    this.ledger = new CommitLedger();
  }

  /** The commit function of the latest fetched batch: commits go through the consumer that fetched last. */
  useCommit(commitOffsets: CommitOffsets): void {
    this.commitOffsets = commitOffsets;
  }

  /** Commits what became durable (nothing before useCommit). */
  commitDurable(): Promise<void> {
    if (this.committing) {
      this.again = true;
      return this.committing;
    }
    this.committing = (async () => {
      do {
        this.again = false;
        const ledger = this.ledger;
        const offsets = ledger.committable();
        if (offsets.length === 0 || !this.commitOffsets) return;
        try {
          await this.commitOffsets({ topics: byTopic(offsets) });
          ledger.committed(offsets);
        } catch (error) {
          this.onFailure(error);
          return;
        }
      } while (this.again);
    })().finally(() => (this.committing = undefined));
    return this.committing;
  }
}

function byTopic(offsets: PartitionOffset[]) {
  const topics = new Map<string, { partition: number; offset: string }[]>();
  for (const { topic, partition, offset } of offsets)
    topics.set(topic, [...(topics.get(topic) ?? []), { partition, offset }]);
  return [...topics].map(([topic, partitions]) => ({ topic, partitions }));
}
