import { describe, expect, it } from "vitest";
import { createWarehouse } from "../client";
import { currentFeedbackSql } from "../facts/current-feedback";
import { sqlSubquery } from "../facts/sql-fragments";
import { changedLabelsSql } from "../outcomes/changed-labels";
import { labelPairsSql } from "../queries/query-label-agreement";
import { offendingLines, repositorySourceFiles } from "../repository-files";
import { joinUsing } from "./join";

/** A JOIN keyword that is not ARRAY JOIN (which joins an array, not a subquery). */
const TABLE_JOIN = /(?<!\bARRAY\s+)\bJOIN\b/g;
/** The words that may stand between a JOIN's left operand and the keyword. */
const JOIN_KIND_WORDS = /(?:\s+(?:ANY|ALL|LEFT|RIGHT|INNER|FULL|OUTER|CROSS|SEMI|ANTI|ASOF|GLOBAL|LOCAL))*\s*$/;

/** `sql` with every string literal emptied, so brackets and keywords inside values are not read as SQL. */
const withoutStrings = (sql: string) => sql.replace(/'(?:\\.|[^'\\])*'/g, "''");

/** Index of the bracket that closes the one at `open`. */
function closingBracket(sql: string, open: number): number {
  let depth = 0;
  for (let i = open; i < sql.length; i++) {
    if (sql[i] === "(") depth++;
    else if (sql[i] === ")" && --depth === 0) return i;
  }
  throw new Error(`unbalanced brackets after ${sql.slice(open, open + 80)}`);
}

/**
 * The joins of `sql` with a subquery operand that has no alias (ClickHouse 26.x: Code 206
 * ALIAS_REQUIRED), each as the text around its JOIN keyword.
 */
function unaliasedJoinedSubqueries(text: string): string[] {
  const sql = withoutStrings(text);
  const found: string[] = [];
  for (const match of sql.matchAll(TABLE_JOIN)) {
    const at = match.index;
    // Left operand: the text before the join kind words ends with a subquery's bracket when it has no alias.
    const leftUnaliased = sql.slice(0, at).replace(JOIN_KIND_WORDS, "").endsWith(")");
    // Right operand: a subquery must be followed by AS and a name.
    const afterKeyword = at + match[0].length;
    const open = sql.slice(afterKeyword).search(/\S/) + afterKeyword;
    const rightUnaliased = sql[open] === "(" && !/^\s+AS\s+\w+/.test(sql.slice(closingBracket(sql, open) + 1));
    if (leftUnaliased || rightUnaliased) found.push(sql.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, " "));
  }
  return found;
}

/** Files that may write a JOIN themselves, and why. */
const ALLOWED: Record<string, string> = {
  "warehouse/src/sql/join.ts": "the join helper itself",
  "warehouse/src/sql/join.test.ts": "this test",
};

/** A line of code with its comment removed (`//` after code, or a line of a block comment). */
const codeOf = (line: string) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? "" : line.replace(/\s\/\/.*$/, ""));

// Builds SQL only: the client connects on its first query, which these tests never make.
const w = createWarehouse({ url: "http://127.0.0.1:1", database: "db" });

describe("joined subqueries carry an alias on both engines", () => {
  it("the check finds a subquery without alias on either side, and passes aliased ones and ARRAY JOIN", () => {
    expect(
      unaliasedJoinedSubqueries("SELECT a FROM (SELECT 1 AS a) ANY LEFT JOIN (SELECT 1 AS a) AS r USING a"),
    ).toHaveLength(1);
    expect(
      unaliasedJoinedSubqueries("SELECT a FROM (SELECT 1 AS a) AS l ANY LEFT JOIN (SELECT 1 AS a) USING a"),
    ).toHaveLength(1);
    expect(
      unaliasedJoinedSubqueries("SELECT a FROM (SELECT 1 AS a) AS l ALL INNER JOIN (SELECT ')' AS a) AS r USING a"),
    ).toEqual([]);
    expect(unaliasedJoinedSubqueries("SELECT i FROM (SELECT [1] AS x) ARRAY JOIN x AS i")).toEqual([]);
  });

  it("joinUsing aliases both subqueries", () => {
    const sql = joinUsing("SELECT 1 AS a", "ANY LEFT", "SELECT 1 AS a, 2 AS b", ["a"]);
    expect(sql).toBe("(SELECT 1 AS a) AS joined_left ANY LEFT JOIN (SELECT 1 AS a, 2 AS b) AS joined_right USING (a)");
    expect(unaliasedJoinedSubqueries(`SELECT a, b FROM ${sql}`)).toEqual([]);
  });

  it("the builders' SQL, joins nested in joins included, has no unaliased joined subquery", () => {
    const ids = sqlSubquery("SELECT response_id FROM outcome_chunk");
    const built = {
      currentFeedbackSql: currentFeedbackSql(w, { tenantId: "t" }),
      changedLabelsSql: changedLabelsSql(w, { tenantId: "t", responseIds: ids, maxOccurredAtMs: 0, evaluatedAtMs: 1 }),
      labelPairsSql: labelPairsSql(w, { tenantId: "t", from: 0, to: 1, source: "s", filters: {} }),
    };
    // Every builder here joins (changedLabelsSql five times), so the check had something to find.
    for (const sql of Object.values(built)) expect(sql.match(TABLE_JOIN)?.length).toBeGreaterThan(0);
    expect(
      Object.entries(built).flatMap(([name, sql]) => unaliasedJoinedSubqueries(sql).map((join) => `${name}: ${join}`)),
    ).toEqual([]);
  });

  it("no other source or test file writes a JOIN itself: every join is built by joinUsing", () => {
    const files = repositorySourceFiles();
    expect(files).toContain("warehouse/src/sql/join.ts");
    expect(offendingLines(files, ALLOWED, (line) => codeOf(line).match(TABLE_JOIN) !== null)).toEqual([]);
  });
});
