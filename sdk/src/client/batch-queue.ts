/**
 * The events waiting to be sent, serialized once when queued (so a caller's later change to its
 * object changes nothing, and a retry sends the same bytes). Bounded: an event past `capacity`
 * is refused and counted. The batch being sent stays in the queue until it is done, so the bound
 * holds everything the client keeps in memory.
 */
export class BatchQueue {
  private readonly items: string[] = [];
  /** Events refused because the queue was full. */
  refused = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.items.length;
  }

  /** Adds one serialized event; false (and counted) when the queue is full. */
  offer(json: string): boolean {
    if (this.items.length >= this.capacity) {
      this.refused++;
      return false;
    }
    this.items.push(json);
    return true;
  }

  /** The oldest events as one JSON array body: at most `maxEvents`, and within `maxChars` unless one event alone is larger. */
  head(maxEvents: number, maxChars: number): { body: string; count: number } {
    let count = 0;
    let chars = 2;
    while (count < this.items.length && count < maxEvents) {
      const next = this.items[count]!.length + (count > 0 ? 1 : 0);
      if (count > 0 && chars + next > maxChars) break;
      chars += next;
      count++;
    }
    return { body: `[${this.items.slice(0, count).join(",")}]`, count };
  }

  /** Forgets the `count` oldest events (sent, refused by the collector, or given up). */
  drop(count: number): void {
    this.items.splice(0, count);
  }
}
