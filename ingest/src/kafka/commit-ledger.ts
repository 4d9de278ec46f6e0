export interface PartitionOffset {
  topic: string;
  partition: number;
  /** The next offset to read: every message before it is durable. */
  offset: string;
}

interface Entry {
  next: bigint;
  durable: boolean;
}

interface PartitionLog {
  topic: string;
  partition: number;
  /** Batches read and not yet part of `durableUpTo`, in the order they were read. */
  entries: Entry[];
  durableUpTo?: bigint;
  committed?: bigint;
}

/**
 * Which offsets a consumer may commit. The batches of one partition are tracked in
 * the order they were read; each becomes durable once its rows are written and its
 * dead letters sent, and they may become durable in any order (a batch with only
 * dead letters finishes before an earlier batch's insert). A partition's commit
 * position moves only over an unbroken run of durable batches, and only forward:
 * Kafka keeps the last committed offset, so committing a lower one would move the
 * group back.
 */
export class CommitLedger {
  private partitions = new Map<string, PartitionLog>();

  /** Tracks a batch whose last message is just before `nextOffset`; returns what marks it durable. */
  track(topic: string, partition: number, nextOffset: bigint): () => void {
    const log = this.logOf(topic, partition);
    const tail = log.entries.at(-1)?.next ?? log.durableUpTo;
    if (tail !== undefined && nextOffset <= tail) {
      // The consumer was sent back (an offset reset): batches read before are moot.
      log.entries = [];
      log.durableUpTo = undefined;
    }
    const entry: Entry = { next: nextOffset, durable: false };
    log.entries.push(entry);
    return () => {
      entry.durable = true;
      while (log.entries[0]?.durable) log.durableUpTo = log.entries.shift()!.next;
    };
  }

  /** Per partition, the offset up to which everything is durable, where it is ahead of the last commit. */
  committable(): PartitionOffset[] {
    const offsets: PartitionOffset[] = [];
    for (const log of this.partitions.values()) {
      if (log.durableUpTo === undefined) continue;
      if (log.committed !== undefined && log.durableUpTo <= log.committed) continue;
      offsets.push({ topic: log.topic, partition: log.partition, offset: log.durableUpTo.toString() });
    }
    return offsets;
  }

  /** Records a successful commit (of offsets `committable` returned). */
  committed(offsets: PartitionOffset[]): void {
    for (const { topic, partition, offset } of offsets) {
      const log = this.partitions.get(`${topic}\u0000${partition}`);
      if (!log) continue;
      const value = BigInt(offset);
      if (log.committed === undefined || value > log.committed) log.committed = value;
    }
  }

  /** Forgets everything: a new group generation reads again from the group's committed offsets. */
  reset(): void {
    this.partitions = new Map();
  }

  private logOf(topic: string, partition: number): PartitionLog {
    const key = `${topic}\u0000${partition}`;
    let log = this.partitions.get(key);
    if (!log) {
      log = { topic, partition, entries: [] };
      this.partitions.set(key, log);
    }
    return log;
  }
}
