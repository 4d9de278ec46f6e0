/** Progress of a tenant's evaluation, after each chunk and when chunks were halved (evaluateOutcomes' `onChunk`). */
export interface ChunkProgress {
  tenantId: string;
  /** The tenant's candidates, and how many of them are evaluated so far. */
  candidates: number;
  evaluated: number;
  /** Candidates per chunk from now on. */
  chunkSize: number;
  /** The last chunk passed the server's memory limit and was not evaluated: chunks were halved. */
  split: boolean;
}

const count = (n: number) => n.toLocaleString("en");

/** The progress line the evaluator and the benchmark print. */
export function describeChunkProgress(p: ChunkProgress): string {
  return p.split
    ? `${p.tenantId}: a chunk passed ClickHouse's memory limit, now ${count(p.chunkSize)} responses per chunk`
    : `${p.tenantId}: ${count(p.evaluated)} / ${count(p.candidates)} responses evaluated`;
}
