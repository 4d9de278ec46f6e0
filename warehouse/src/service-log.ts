/**
 * A process's structured logger as warehouse code sees it. The warehouse sits below runtime (the
 * layering), so it cannot create the processes' pino logger; the process that runs warehouse code
 * passes its own, which fits this shape. Fields carry counts, statuses, tenants and error classes,
 * never a payload value, a key or query text.
 */
export interface ServiceLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** How many of each: `{ "400": 2, "422": 1 }`, for a log field that says what happened without ids. */
export function countBy<T>(items: readonly T[], keyOf: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const key = String(keyOf(item));
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Adds `more` into `into`, key by key. */
export function addCounts(into: Record<string, number>, more: Readonly<Record<string, number>>): void {
  for (const [key, count] of Object.entries(more)) into[key] = (into[key] ?? 0) + count;
}
