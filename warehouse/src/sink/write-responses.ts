import type { Warehouse } from "../client";
import { rowsMatchingKeys } from "./key-lookup";
import { pendingRowsWanted } from "./pending-rows";
import { isLaterVersion, SUPERSEDED_COLUMNS, supersede, type ResponseRow } from "./rows";

type StoredVersion = Pick<
  ResponseRow,
  "tenant_id" | "response_id" | "event_id" | "occurred_at_ms" | (typeof SUPERSEDED_COLUMNS)[number]
>;

const responseKey = (row: { tenant_id: string; response_id: string }) => `${row.tenant_id}\u0000${row.response_id}`;

/** Every stored version of the given responses, and every version of them in `pending` (rows a running write stores). */
async function storedVersions(
  warehouse: Warehouse,
  rows: ResponseRow[],
  rowKeys: readonly string[],
  pending: readonly ResponseRow[],
): Promise<StoredVersion[]> {
  const keys = [...new Map(rows.map((row, index) => [rowKeys[index]!, [row.tenant_id, row.response_id]])).values()];
  const columns = SUPERSEDED_COLUMNS.map((column) =>
    column === "occurred_at" ? "toUInt32(occurred_at) AS occurred_at" : column,
  );
  const found = await rowsMatchingKeys<StoredVersion>(
    warehouse,
    `SELECT DISTINCT tenant_id, response_id, event_id, occurred_at_ms, ${columns.join(", ")} FROM ${warehouse.table("responses")}`,
    ["tenant_id", "response_id"],
    keys,
  );
  // The lookup returns a superset (each column matched on its own): keep the responses asked for.
  const wanted = new Set(rowKeys);
  const stored = found
    .filter((row) => wanted.has(responseKey(row)))
    .map((row) => ({ ...row, occurred_at_ms: Number(row.occurred_at_ms), occurred_at: Number(row.occurred_at) }));
  // A pending row may be stored already (the lookup ran during its insert): counting it twice changes nothing.
  const wantedIds = new Set(rows.map((row) => row.response_id));
  return [
    ...stored,
    ...pendingRowsWanted(pending, (row) => row.response_id, responseKey, wantedIds, wanted).map(([row]) => row),
  ];
}

/**
 * Response rows to insert: events already stored (or repeated in the batch, or in `pending`,
 * rows a running write will store) are dropped, and a row that becomes the current version of
 * its response carries the version it supersedes (prev_*), so the metrics view retracts that one
 * in the same INSERT. A late-arriving older version is stored but supersedes nothing.
 */
export async function responsesToInsert(
  warehouse: Warehouse,
  rows: ResponseRow[],
  pending: readonly ResponseRow[] = [],
): Promise<ResponseRow[]> {
  if (rows.length === 0) return [];
  // Each row's key built once: a joined key is a new string, flattened and hashed at every map access.
  const keys = rows.map(responseKey);
  const state = new Map<string, { events: Set<string>; current?: StoredVersion }>();
  for (const version of await storedVersions(warehouse, rows, keys, pending)) {
    const key = responseKey(version);
    const entry = state.get(key) ?? { events: new Set<string>() };
    entry.events.add(version.event_id);
    if (!entry.current || isLaterVersion(version, entry.current)) entry.current = version;
    state.set(key, entry);
  }
  const fresh: ResponseRow[] = [];
  for (const [index, row] of rows.entries()) {
    const key = keys[index]!;
    const entry = state.get(key) ?? { events: new Set<string>() };
    state.set(key, entry);
    if (entry.events.has(row.event_id)) continue;
    entry.events.add(row.event_id);
    if (!entry.current) {
      fresh.push(row);
      entry.current = row;
    } else if (isLaterVersion(row, entry.current)) {
      fresh.push(supersede(row, entry.current));
      entry.current = row;
    } else {
      fresh.push({ ...row, became_current: 0 });
    }
  }
  return fresh;
}
