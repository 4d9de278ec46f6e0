/**
 * A set of rows' keys (the values of `key`'s columns, compared as strings). Indexed by the key's
 * last column (the event's id, nearly unique), the whole key compared only when that matches: a
 * joined key per row, a new string flattened and hashed for every row of every write, was the
 * largest part of the checks' own CPU, and a joined key takes a separator inside a value for a
 * column boundary.
 */
export class RowKeySet<T extends object> {
  private readonly byLast = new Map<string, T[]>();
  private readonly last: string;

  constructor(private readonly key: readonly string[]) {
    this.last = key[key.length - 1]!;
  }

  has(row: T): boolean {
    return (
      this.byLast
        .get(value(row, this.last))
        ?.some((other) => this.key.every((column) => value(other, column) === value(row, column))) ?? false
    );
  }

  /** Adds the row's key; false when it was there already. */
  add(row: T): boolean {
    if (this.has(row)) return false;
    const id = value(row, this.last);
    const same = this.byLast.get(id);
    if (same) same.push(row);
    else this.byLast.set(id, [row]);
    return true;
  }
}

const value = (row: object, column: string) => String((row as Record<string, unknown>)[column]);

/** The rows whose key no earlier row has, in order. */
export function withoutRepeats<T extends object>(rows: readonly T[], key: readonly string[]): T[] {
  const seen = new RowKeySet<T>(key);
  return rows.filter((row) => seen.add(row));
}
