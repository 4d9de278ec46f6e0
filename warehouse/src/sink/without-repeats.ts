/**
 * The rows whose key no earlier row has, in order. Indexed by the key's last column (the event's
 * id, nearly unique), the whole key compared only when that matches: a joined key per row, a new
 * string flattened and hashed for every row of every write, was the largest part of the checks'
 * own CPU.
 */
export function withoutRepeats<T extends object>(rows: readonly T[], key: readonly string[]): T[] {
  const last = key[key.length - 1]!;
  const value = (row: T, column: string) => String((row as Record<string, unknown>)[column]);
  const byLast = new Map<string, T[]>();
  return rows.filter((row) => {
    const id = value(row, last);
    const seen = byLast.get(id);
    if (seen === undefined) {
      byLast.set(id, [row]);
      return true;
    }
    if (seen.some((other) => key.every((column) => value(other, column) === value(row, column)))) return false;
    seen.push(row);
    return true;
  });
}
