/**
 * The rows of `pending` (rows a running write stores) whose call or response key is among
 * `wanted`, each with that key. A pending row's key, a joined string built per row, is built only
 * when its id is among `wantedIds`: most pending rows are of other calls and responses.
 */
export function pendingRowsWanted<T>(
  pending: readonly T[],
  idOf: (row: T) => string,
  keyOf: (row: T) => string,
  wantedIds: ReadonlySet<string>,
  wanted: ReadonlySet<string>,
): [T, string][] {
  const found: [T, string][] = [];
  for (const row of pending) {
    if (!wantedIds.has(idOf(row))) continue;
    const key = keyOf(row);
    if (wanted.has(key)) found.push([row, key]);
  }
  return found;
}
