/**
 * Which candidates each evaluation query takes: those whose `chunk_hash % modulus = residue`.
 * A chunk whose query passes the server's memory limit is split in two (modulus doubled), and so
 * is every chunk not yet evaluated, since they are as large; chunks already evaluated stay done.
 * Residues r and r + m under 2m are exactly residue r under m, so the chunks evaluated always
 * cover every candidate once, whatever was split.
 */
export class ChunkPlan {
  private modulus: number;
  private pending: number[];

  constructor(chunks: number) {
    if (!Number.isSafeInteger(chunks) || chunks < 1)
      throw new RangeError(`chunks must be a positive integer, got ${chunks}`);
    this.modulus = chunks;
    this.pending = Array.from({ length: chunks }, (_, residue) => residue);
  }

  /** The next chunk to evaluate, or undefined when every candidate has been. */
  next(): { modulus: number; residue: number } | undefined {
    const residue = this.pending[0];
    return residue === undefined ? undefined : { modulus: this.modulus, residue };
  }

  /** The chunk `next()` gave was evaluated. */
  done(): void {
    this.pending.shift();
  }

  /** The chunk `next()` gave was too large: it and every pending chunk are halved. */
  split(): void {
    const m = this.modulus;
    this.pending = this.pending.flatMap((residue) => [residue, residue + m]);
    this.modulus = 2 * m;
  }

  /** Candidates per chunk at the current modulus, for `count` candidates. */
  chunkSize(count: number): number {
    return Math.ceil(count / this.modulus);
  }
}

/** ClickHouse's MEMORY_LIMIT_EXCEEDED (code 241), as @clickhouse/client reports it. */
export function isMemoryLimitError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return String(code) === "241" || /Memory limit \(for (query|user|total)\) exceeded/.test(error.message);
}
