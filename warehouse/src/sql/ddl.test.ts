import { describe, expect, it } from "vitest";
import { renderStatements, splitStatements } from "./ddl";

const source = `-- a comment line
CREATE TABLE IF NOT EXISTS {{db}}.things {{on_cluster}} (id String, v UInt64)
ENGINE = {{engine:ReplacingMergeTree(v)}} ORDER BY id;

CREATE TABLE IF NOT EXISTS {{db}}.agg {{on_cluster}} (id String) ENGINE = {{engine:AggregatingMergeTree()}} ORDER BY id;
`;

describe("renderStatements", () => {
  it("renders single-node DDL", () => {
    const [first, second] = renderStatements(source, { database: "answerscope" });
    expect(first).toBe(
      "CREATE TABLE IF NOT EXISTS answerscope.things  (id String, v UInt64)\nENGINE = ReplacingMergeTree(v) ORDER BY id",
    );
    expect(second).toContain("ENGINE = AggregatingMergeTree() ORDER BY id");
  });

  it("renders replicated engines and ON CLUSTER for a cluster", () => {
    const [first, , second] = renderStatements(source, { database: "as_db", cluster: "main" });
    expect(first).toContain("things_local ON CLUSTER main (");
    expect(first).toContain(
      "ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/as_db.things_local', '{replica}', v)",
    );
    expect(second).toContain(
      "ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/as_db.agg_local', '{replica}')",
    );
  });

  it("refuses unsafe identifiers and unknown placeholders", () => {
    expect(() => renderStatements(source, { database: "x; DROP" })).toThrow(/database/);
    expect(() => renderStatements("SELECT {{nope}}", { database: "d" })).toThrow(/unknown placeholder/);
  });

  it("splits on semicolons at line ends only", () => {
    expect(splitStatements("SELECT ';'\n;\nSELECT 2;")).toEqual(["SELECT ';'", "SELECT 2"]);
  });
});
