import { describe, expect, it } from "vitest";
import { renderStatements, shardedTablesOf, withoutClusterOnlyPlaceholders } from "./ddl";

const facts = `CREATE TABLE IF NOT EXISTS {{db}}.facts {{on_cluster}} (tenant_id String, id String, v UInt64 MATERIALIZED 1)
ENGINE = {{engine:ReplacingMergeTree(v)}} ORDER BY (tenant_id, id)
{{sharding_key:cityHash64(tenant_id, id)}};

CREATE TABLE IF NOT EXISTS {{db}}.agg {{on_cluster}} (tenant_id String, n AggregateFunction(sum, Int64))
ENGINE = {{engine:AggregatingMergeTree()}} ORDER BY tenant_id;
`;
const later = `CREATE MATERIALIZED VIEW IF NOT EXISTS {{db}}.agg_mv {{on_cluster}} TO {{db}}.agg AS
SELECT tenant_id, sumState(toInt64(1)) AS n FROM {{db}}.facts GROUP BY tenant_id;

ALTER TABLE {{db}}.facts {{on_cluster}} ADD COLUMN IF NOT EXISTS w UInt8;

INSERT INTO {{db}}.facts (tenant_id, id) SELECT tenant_id, id FROM {{db}}.facts WHERE 0;

INSERT INTO {{db}}.agg (tenant_id, n) SELECT tenant_id, sumMergeState(n) FROM {{db}}.agg GROUP BY tenant_id;
`;
const sharded = shardedTablesOf([facts, later]);

describe("cluster DDL", () => {
  it("creates a replicated local table and a Distributed table sharded by the declared key", () => {
    const [local, distributed, aggLocal, aggDistributed] = renderStatements(
      facts,
      { database: "d", cluster: "c" },
      sharded,
    );
    expect(local).toBe(
      "CREATE TABLE IF NOT EXISTS d.facts_local ON CLUSTER c (tenant_id String, id String, v UInt64 MATERIALIZED 1)\nENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/d.facts_local', '{replica}', v) ORDER BY (tenant_id, id)",
    );
    expect(distributed).toBe(
      "CREATE TABLE IF NOT EXISTS d.facts ON CLUSTER c AS d.facts_local ENGINE = Distributed(c, d, facts_local, cityHash64(tenant_id, id))",
    );
    expect(aggLocal).toContain("ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/d.agg_local', '{replica}')");
    // A table written only by views gets no sharding key: ClickHouse refuses direct INSERTs into it.
    expect(aggDistributed).toBe(
      "CREATE TABLE IF NOT EXISTS d.agg ON CLUSTER c AS d.agg_local ENGINE = Distributed(c, d, agg_local)",
    );
  });

  it("points views and ALTERs at the local tables, and leaves other statements on the Distributed ones", () => {
    const [view, alter, sync, drop, recreate, insert, viewTableInsert] = renderStatements(
      later,
      { database: "d", cluster: "c" },
      sharded,
    );
    expect(view).toBe(
      "CREATE MATERIALIZED VIEW IF NOT EXISTS d.agg_mv ON CLUSTER c TO d.agg_local AS\nSELECT tenant_id, sumState(toInt64(1)) AS n FROM d.facts_local GROUP BY tenant_id",
    );
    expect(alter).toBe("ALTER TABLE d.facts_local ON CLUSTER c ADD COLUMN IF NOT EXISTS w UInt8");
    expect(sync).toBe("SYSTEM SYNC REPLICA d.facts_local");
    expect(drop).toBe("DROP TABLE IF EXISTS d.facts ON CLUSTER c");
    expect(recreate).toBe(
      "CREATE TABLE IF NOT EXISTS d.facts ON CLUSTER c AS d.facts_local ENGINE = Distributed(c, d, facts_local, cityHash64(tenant_id, id))",
    );
    expect(insert).toBe("INSERT INTO d.facts (tenant_id, id) SELECT tenant_id, id FROM d.facts WHERE 0");
    // A table only views write: its Distributed table has no key and refuses INSERTs; its local one takes them.
    expect(viewTableInsert).toBe(
      "INSERT INTO d.agg_local (tenant_id, n) SELECT tenant_id, sumMergeState(n) FROM d.agg GROUP BY tenant_id",
    );
  });

  it("runs an ALTER of a local table on the one-replica cluster when there is one, everything else on the whole cluster", () => {
    const [view, alter, , drop, recreate] = renderStatements(
      later,
      { database: "d", cluster: "c", alterCluster: "c_one" },
      sharded,
    );
    expect(alter).toBe("ALTER TABLE d.facts_local ON CLUSTER c_one ADD COLUMN IF NOT EXISTS w UInt8");
    expect(view).toContain("ON CLUSTER c TO");
    expect(drop).toBe("DROP TABLE IF EXISTS d.facts ON CLUSTER c");
    expect(recreate).toContain("ON CLUSTER c AS d.facts_local ENGINE = Distributed(c, ");
  });

  it("renders the same sources unchanged on a single node, and checksums them as before the sharding keys", () => {
    const statements = renderStatements(`${facts}\n${later}`, { database: "d" }, sharded);
    expect(statements[0]).toBe(
      "CREATE TABLE IF NOT EXISTS d.facts  (tenant_id String, id String, v UInt64 MATERIALIZED 1)\nENGINE = ReplacingMergeTree(v) ORDER BY (tenant_id, id)",
    );
    expect(statements.slice(2)).toEqual([
      "CREATE MATERIALIZED VIEW IF NOT EXISTS d.agg_mv  TO d.agg AS\nSELECT tenant_id, sumState(toInt64(1)) AS n FROM d.facts GROUP BY tenant_id",
      "ALTER TABLE d.facts  ADD COLUMN IF NOT EXISTS w UInt8",
      "INSERT INTO d.facts (tenant_id, id) SELECT tenant_id, id FROM d.facts WHERE 0",
      "INSERT INTO d.agg (tenant_id, n) SELECT tenant_id, sumMergeState(n) FROM d.agg GROUP BY tenant_id",
    ]);
    expect(withoutClusterOnlyPlaceholders(facts)).toBe(
      facts.replace("\n{{sharding_key:cityHash64(tenant_id, id)}}", ""),
    );
  });

  it("refuses a sharding key outside a replicated CREATE TABLE", () => {
    expect(() => renderStatements("SELECT 1\n{{sharding_key:rand()}};", { database: "d", cluster: "c" })).toThrow(
      /sharding_key/,
    );
  });
});
