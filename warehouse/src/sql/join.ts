/**
 * The one way two subqueries are joined.
 *
 * ClickHouse 26.x requires an alias on every subquery of a JOIN, the left one included (Code 206
 * ALIAS_REQUIRED); the setting that relaxes it, joined_subquery_requires_alias, is unknown to 18.16
 * (Code 115), so the SQL itself carries the aliases. 18.16 accepts them and answers the same.
 * The aliases are never referenced: the builders give the two sides distinct column names apart
 * from the USING keys, so no column needs qualifying on either engine. 18.16 takes one JOIN per
 * SELECT, so a second join nests the first as its left side (each level's aliases are its own).
 */

/** The joins the product uses; unmatched rows of a LEFT join get their columns' defaults (join_use_nulls 0 on both engines). */
export type JoinKind = "ANY LEFT" | "ANY INNER" | "ALL INNER";

const LEFT_ALIAS = "joined_left";
const RIGHT_ALIAS = "joined_right";

/**
 * `(left) AS joined_left <kind> JOIN (right) AS joined_right USING (keys)`, for a FROM clause.
 * `left` and `right` are SELECT statements of the caller's builders; `keys` are column names the
 * caller writes as constants.
 */
export function joinUsing(left: string, kind: JoinKind, right: string, keys: readonly string[]): string {
  if (keys.length === 0) throw new RangeError("a join needs at least one USING key");
  return `(${left}) AS ${LEFT_ALIAS} ${kind} JOIN (${right}) AS ${RIGHT_ALIAS} USING (${keys.join(", ")})`;
}
