import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { median, round } from "../stats";

/** What one table's "already stored?" lookups read, medians per statement, from system.query_log. */
export interface LookupReads {
  /** The table read (the FROM of the statement, without its database). */
  table: string;
  statements: number;
  duration_ms: number;
  /** ClickHouse's CPU on the statement (user time). */
  cpu_ms: number;
  read_rows: number;
  /** Bytes decompressed: a lookup of random ids decompresses a whole compressed block (64 KiB and more) per granule it touches. */
  decompressed_mb: number;
}

interface LoggedLookup {
  lookup_table: string;
  duration_ms: number;
  read_rows: number;
  user_us: number;
  decompressed: number;
}

/**
 * A lookup's statement after its database: the table, then the id set in PREWHERE as an array
 * (key-lookup.ts; the query routes' few-id reads list their ids), compared as is or hashed (the
 * key tables tried in duplicate-checks-profile.ts).
 */
const LOOKUP = "\\.([a-z_0-9]+) PREWHERE (?:cityHash64\\()?[a-z_]+\\)? IN \\(SELECT (?:cityHash64\\()?arrayJoin\\(\\[";

const profileEvent = (name: string) => `ProfileEvents.Values[indexOf(ProfileEvents.Names, ${sqlValue(name)})]`;

/**
 * The lookups (statements shaped as key-lookup.ts writes them) that finished on `w`'s
 * database since `sinceMs`, per table read. The bench's client logs its queries (log_queries = 1);
 * an empty answer means no lookup ran, and a server without a query_log fails the read.
 */
export async function lookupReads(w: Warehouse, sinceMs: number): Promise<LookupReads[]> {
  await w.client.command({ query: "SYSTEM FLUSH LOGS" });
  const database = w.target.database;
  const rows = await queryRows<LoggedLookup>(
    w,
    `SELECT
       extract(query, ${sqlValue(`FROM ${database}${LOOKUP}`)}) AS lookup_table,
       query_duration_ms AS duration_ms,
       read_rows,
       ${profileEvent("UserTimeMicroseconds")} AS user_us,
       ${profileEvent("CompressedReadBufferBytes")} AS decompressed
     FROM system.query_log
     WHERE type = 2
       AND event_time >= toDateTime(${Math.floor(sinceMs / 1000)})
       AND lookup_table != ''`,
  );
  const byTable = new Map<string, LoggedLookup[]>();
  for (const row of rows) byTable.set(row.lookup_table, [...(byTable.get(row.lookup_table) ?? []), row]);
  return [...byTable.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, logs]) => {
      const mid = (pick: (log: LoggedLookup) => number) => median(logs.map((log) => Number(pick(log))));
      return {
        table,
        statements: logs.length,
        duration_ms: round(mid((log) => log.duration_ms)),
        cpu_ms: round(mid((log) => log.user_us) / 1000),
        read_rows: mid((log) => log.read_rows),
        decompressed_mb: round(mid((log) => log.decompressed) / 1e6),
      };
    });
}

/** The results line's account of the lookups' reads; empty for results measured before the bench read them. */
export function lookupReadsText(reads: readonly LookupReads[] | undefined): string {
  if (!reads) return "";
  if (reads.length === 0) return " No lookup statement was found in system.query_log.";
  const each = reads.map(
    (r) =>
      `${r.table} ${r.read_rows.toLocaleString("en")} rows, ${r.decompressed_mb} MB decompressed, ${r.cpu_ms} ms CPU, ${r.duration_ms} ms`,
  );
  return ` Per lookup statement (medians, system.query_log): ${each.join("; ")}.`;
}
