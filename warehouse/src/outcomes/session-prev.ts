import { DIMENSIONS, type Dimension } from "../queries/query-input";

/**
 * The entries of a label row's prev_ms_by_dimension (migration 0013), in this order: '' (any
 * response) first, then every dimension. Stored arrays follow it, so a new dimension is appended,
 * never inserted: rows written before it then read 0 (no previous response) for it.
 */
export const OUTCOME_ROLLUP_DIMENSIONS = ["", ...DIMENSIONS] as const;

/** 1-based position of a dimension's entry in prev_ms_by_dimension ('' for none). */
export const prevPositionOf = (dimension: Dimension | ""): number => OUTCOME_ROLLUP_DIMENSIONS.indexOf(dimension) + 1;

/** Each dimension's value on a current response version (`tool_used` is derived). */
export const DIMENSION_VALUE_SQL: Record<Dimension, string> = {
  ...(Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, dimension])) as Record<Dimension, string>),
  tool_used: "if(tool_count > 0, 'yes', 'no')",
};

/**
 * SQL of prev_ms_by_dimension for the element at 1-based position `i` of `ordered`: an array of
 * a session's responses as tuples sorted by (occurred_at_ms, response_id), whose first element
 * is occurred_at_ms and whose elements from `firstDimensionElement` on are the values of
 * DIMENSIONS in order. Each entry is the time of the nearest earlier element with the same value
 * ('': the nearest earlier element), 0 for none. Quadratic in the session's length, which is
 * what 18.16 allows without window functions; sessions are short.
 */
export function prevByDimensionSql(ordered: string, i: string, firstDimensionElement: number): string {
  const earlier = `arrayReverse(arraySlice(${ordered}, 1, ${i} - 1))`;
  const sameValue = (element: number) =>
    `toUInt64(tupleElement(arrayFirst(x -> tupleElement(x, ${element}) = tupleElement(${ordered}[${i}], ${element}), ${earlier}), 1))`;
  return `[${[
    `toUInt64(if(${i} > 1, tupleElement(${ordered}[${i} - 1], 1), 0))`,
    ...DIMENSIONS.map((_, index) => sameValue(firstDimensionElement + index)),
  ].join(", ")}]`;
}
