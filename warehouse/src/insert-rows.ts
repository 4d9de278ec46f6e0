import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ClickHouseSettings } from "@clickhouse/client";
import type { Warehouse } from "./client";

/** Bytes per chunk of an insert body: large enough that a 5,000-row write is some thirty writes to the socket. */
const CHUNK_BYTES = 128 * 1024;

/**
 * Rows as a JSONEachRow body (one JSON object and a newline per row, the bytes the client's own
 * `insert` sends), written straight into off-heap chunks. The client's `insert` joins every
 * row's text into one string first; for a worker's write that string is megabytes, each row's
 * text is kept alive until the join, and the join is two-byte as soon as one row holds a non-Latin-1
 * character. Under the worker's 256 MB heap that cost 9.4 µs of CPU per ingested event against
 * 3.2 µs here (80,000 demo events in 5,000-row writes); in the bench, one worker's process went
 * from 0.050-0.0515 to 0.043-0.0475 CPU s per 1,000 events (bench/PERFORMANCE.md).
 */
export function jsonEachRowChunks(rows: readonly object[], chunkBytes = CHUNK_BYTES): Buffer[] {
  const chunks: Buffer[] = [];
  let chunk = Buffer.allocUnsafe(chunkBytes);
  let used = 0;
  for (const row of rows) {
    const text = JSON.stringify(row);
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair is 4 bytes for 2 units).
    const mostBytes = text.length * 3 + 1;
    if (used + mostBytes > chunk.length) {
      if (used > 0) chunks.push(chunk.subarray(0, used));
      chunk = Buffer.allocUnsafe(Math.max(chunkBytes, mostBytes));
      used = 0;
    }
    used += chunk.write(text, used);
    chunk[used++] = 0x0a;
  }
  if (used > 0) chunks.push(chunk.subarray(0, used));
  return chunks;
}

/**
 * Inserts rows into an allow-listed table of the warehouse, as JSONEachRow. Every insert of the
 * product goes through here; `settings` apply to this insert only (a test loader's). Never resent
 * on a failure: the callers decide what a retry may repeat (the sink checks again what is stored
 * before it writes once more).
 */
export async function insertRows(
  warehouse: Warehouse,
  table: string,
  rows: readonly object[],
  settings?: ClickHouseSettings,
): Promise<void> {
  if (rows.length === 0) return;
  const { stream } = await warehouse.client.exec({
    query: `INSERT INTO ${warehouse.table(table)} FORMAT JSONEachRow`,
    values: Readable.from(jsonEachRowChunks(rows), { objectMode: false }),
    clickhouse_settings: settings,
  });
  // The answer to an INSERT is empty; reading it to its end hands the socket back to the pool.
  await finished(stream.resume());
}
