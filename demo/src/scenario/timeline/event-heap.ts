import type { TimedEvent } from "../unit/unit-recorder";

type Entry = { readonly timed: TimedEvent; readonly order: number };

/**
 * A binary min-heap of events by time, ties broken by insertion order, so the merged stream of
 * overlapping units comes out in time order and the same way on every run.
 */
export class EventHeap {
  private readonly entries: Entry[] = [];
  private inserted = 0;

  get size(): number {
    return this.entries.length;
  }

  push(timed: TimedEvent): void {
    this.entries.push({ timed, order: this.inserted++ });
    let i = this.entries.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  peek(): TimedEvent | undefined {
    return this.entries[0]?.timed;
  }

  pop(): TimedEvent | undefined {
    const top = this.entries[0];
    const last = this.entries.pop();
    if (top === undefined || last === undefined) return undefined;
    if (this.entries.length > 0) {
      this.entries[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < this.entries.length && this.less(left, smallest)) smallest = left;
        if (right < this.entries.length && this.less(right, smallest)) smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top.timed;
  }

  private less(a: number, b: number): boolean {
    const x = this.entries[a] as Entry;
    const y = this.entries[b] as Entry;
    return x.timed.atMs < y.timed.atMs || (x.timed.atMs === y.timed.atMs && x.order < y.order);
  }

  private swap(a: number, b: number): void {
    const x = this.entries[a] as Entry;
    this.entries[a] = this.entries[b] as Entry;
    this.entries[b] = x;
  }
}
