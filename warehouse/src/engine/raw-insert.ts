import { Readable } from "node:stream";
import { parseError, type ClickHouseSettings } from "@clickhouse/client";
import type { ChdbExtension } from "chdb/connection";

/**
 * The inserts that take chDB's raw path: `INSERT INTO <db.table> FORMAT JSONEachRow` with its
 * body, as `insertRows` (../insert-rows.ts) sends every insert of the product. Any other
 * statement with values goes through chdb/connection's exec.
 */
const RAW_INSERT = /^INSERT INTO ([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?) FORMAT (JSONEachRow)$/;

export interface RawInsertTarget {
  table: string;
  format: "JSONEachRow";
}

/** The table and format of an insert the raw path takes, or undefined for any other statement. */
export function rawInsertTarget(query: string): RawInsertTarget | undefined {
  const match = RAW_INSERT.exec(query.trim());
  return match ? { table: match[1]!, format: match[2] as "JSONEachRow" } : undefined;
}

type Values = string | Buffer | Readable | AsyncIterable<unknown>;

/** An insert body as one Buffer: insertRows' off-heap chunks are copied once, never decoded. */
async function bodyOf(values: Values): Promise<Buffer> {
  if (typeof values === "string") return Buffer.from(values, "utf8");
  if (Buffer.isBuffer(values)) return values;
  const chunks: Buffer[] = [];
  for await (const chunk of values) {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, "utf8"));
    else if (Buffer.isBuffer(chunk)) chunks.push(chunk);
    else
      chunks.push(
        Buffer.from((chunk as Uint8Array).buffer, (chunk as Uint8Array).byteOffset, (chunk as Uint8Array).byteLength),
      );
  }
  return Buffer.concat(chunks);
}

/**
 * Runs an insert through chDB's raw insert: the body's bytes go to the engine as they are, where
 * chdb/connection's exec decodes every chunk to a JavaScript string, joins them behind the
 * statement and hands the engine that string, which it encodes back to UTF-8 on the main thread
 * (the measured cost is in bench/PERFORMANCE.md, engines section). The settings go in the
 * statement's SETTINGS clause, where they apply to it alone. Answers as exec does, with an
 * empty result stream; an engine error is a ClickHouseError like exec's.
 */
export async function rawInsert(
  chdb: ChdbExtension,
  target: RawInsertTarget,
  params: { values: Values; clickhouse_settings?: ClickHouseSettings; query_id?: string },
) {
  const values = await bodyOf(params.values);
  const settings = Object.fromEntries(
    Object.entries(params.clickhouse_settings ?? {}).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number | boolean>;
  try {
    const summary = await chdb.rawInsert({ ...target, values, settings });
    const rows = String(summary.rowsWritten);
    const bytes = String(summary.bytesWritten);
    return {
      stream: Readable.from([]),
      query_id: params.query_id ?? crypto.randomUUID(),
      response_headers: {},
      http_status_code: 200,
      summary: {
        read_rows: rows,
        read_bytes: bytes,
        written_rows: rows,
        written_bytes: bytes,
        result_rows: "0",
        result_bytes: "0",
        total_rows_to_read: "0",
        elapsed_ns: String(Math.round(summary.elapsed * 1e9)),
      },
    };
  } catch (error) {
    const mapped = parseError(error instanceof Error ? error.message : String(error));
    mapped.cause = error;
    throw mapped;
  }
}
