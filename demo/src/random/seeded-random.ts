// A small seeded PRNG (mulberry32) so a demo run is reproducible from its seed: the same seed and
// configuration give byte-identical events, which makes dashboards and bug reports comparable.
// Not for cryptography; statistical quality is plenty for synthetic traffic.

/** Mixes 32-bit words into a well-spread seed (murmur3's finalizer), so nearby inputs diverge. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = mix32(seed);
  }

  /**
   * An independent stream for one part of the scenario (`derive(seed, STREAM, unitIndex)`), so
   * generating unit 7 never depends on how many numbers units 0..6 consumed. That is what lets the
   * generator count events in one pass and build them in another.
   */
  static derive(seed: number, ...path: readonly number[]): SeededRandom {
    let h = mix32(seed);
    for (const part of path) h = mix32(h ^ mix32(part + 0x9e3779b9));
    return new SeededRandom(h);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One value by relative weight: `weighted([['stop', 95], ['error', 5]])`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new Error("weighted pick from an empty list");
    return last[0];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]: log(0) would be -Infinity
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal around `median`: latencies and durations have long right tails, not bell curves. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** `length` lower-case hex digits, for trace ids. */
  hex(length: number): string {
    let text = "";
    while (text.length < length) text += Math.floor(this.next() * 16).toString(16);
    return text;
  }
}
