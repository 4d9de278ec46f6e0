export type Commit = (offsets: { topics: { topic: string; partitions: { partition: number; offset: string }[] }[] }) => Promise<void>;

/** Commits the latest offset read of each partition, one commit at a time; offsets read during a commit go in the next. */
export class LatestOffsetCommitter {
  private readonly latest = new Map<string, Map<number, string>>();
  private committing?: Promise<void>;
  private again = false;
  private failed?: unknown;

  read(topic: string, partition: number, nextOffset: string, commit: Commit): void {
    const partitions = this.latest.get(topic) ?? new Map<number, string>();
    partitions.set(partition, nextOffset);
    this.latest.set(topic, partitions);
    if (this.committing) {
      this.again = true;
      return;
    }
    this.committing = (async () => {
      do {
        this.again = false;
        const topics = [...this.latest].map(([t, ps]) => ({ topic: t, partitions: [...ps].map(([p, offset]) => ({ partition: p, offset })) }));
        await commit({ topics });
      } while (this.again);
    })()
      .catch((error: unknown) => void (this.failed ??= error))
      .finally(() => (this.committing = undefined));
  }

  /** Resolves once no commit runs; rejects if one failed (the measurement is then not the worker's pattern). */
  async settled(): Promise<void> {
    while (this.committing) await this.committing;
    if (this.failed !== undefined) throw this.failed;
  }
}
