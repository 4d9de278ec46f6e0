import { loadMigrations, queryRows, sqlValue } from "@answerscope/warehouse";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { CLUSTER_NODES, clusterNode, nodeWarehouse } from "../src/cluster";
import { runEntry } from "@answerscope/test-kit";

/**
 * Two migration runner processes (`npm run migrate`'s entry) started at the same moment against
 * two different nodes of the cluster: each migration runs once for the whole cluster, and every
 * node ends with every table and the same single record per migration.
 */
describe("migrations from two processes at once on a cluster", () => {
  const database = `as_cmigrate_${randomBytes(4).toString("hex")}`;
  const nodes = CLUSTER_NODES.map((node) => ({ node, warehouse: nodeWarehouse(node, database) }));

  afterAll(async () => {
    await nodes[0]!.warehouse.client.command({ query: `DROP DATABASE IF EXISTS ${database} ON CLUSTER answerscope` });
    await Promise.all(nodes.map(({ warehouse }) => warehouse.close()));
  });

  const runMigrate = (node: "s1r1" | "s2r2") =>
    runEntry("warehouse/src/migrate/cli.ts", { CLICKHOUSE_URL: clusterNode(node).url, CLICKHOUSE_DATABASE: database });

  it("applies each migration exactly once, with the same record and tables on every node", async () => {
    const migrations = loadMigrations();
    const [first, second] = await Promise.all([runMigrate("s1r1"), runMigrate("s2r2")]);
    expect(first.code, first.output).toBe(0);
    expect(second.code, second.output).toBe(0);
    // One runner applied everything, the other found it applied (in either order).
    const summaries = [first.output, second.output].map((output) =>
      /migrations: (\d+) applied, (\d+) already applied/.exec(output)?.slice(1).map(Number),
    );
    expect(summaries).toEqual(
      expect.arrayContaining([
        [migrations.length, 0],
        [0, migrations.length],
      ]),
    );

    for (const { node, warehouse } of nodes) {
      const records = await queryRows<{ version: number; checksum: string }>(
        warehouse,
        `SELECT version, checksum FROM ${warehouse.table("schema_migrations")} ORDER BY version`,
      );
      expect(records, node).toEqual(migrations.map((m) => ({ version: m.version, checksum: m.checksum })));
      const tables = (
        await queryRows<{ name: string }>(
          warehouse,
          `SELECT name FROM system.tables WHERE database = ${sqlValue(database)} ORDER BY name`,
        )
      ).map((t) => t.name);
      for (const table of [
        "responses",
        "tool_call_events",
        "feedback_events",
        "rejected_events",
        "metrics_5m",
        "response_labels",
        "outcome_watermarks",
      ]) {
        expect(tables, `${node} ${table}`).toEqual(expect.arrayContaining([table, `${table}_local`]));
      }
      expect(tables, node).not.toContain("schema_migrations_lock");
    }

    // The distributed DDL queue (ZooKeeper) holds each CREATE of this database's tables once.
    const ddl = await queryRows<{ value: string }>(
      nodes[0]!.warehouse,
      `SELECT value FROM system.zookeeper WHERE path = '/clickhouse/task_queue/ddl'`,
    );
    const creates = ddl
      .map((entry) => /query: (CREATE (?:TABLE|MATERIALIZED VIEW) IF NOT EXISTS (\S+))/.exec(entry.value)?.[2])
      .filter((name) => name?.startsWith(`${database}.`));
    const perTable = new Map<string, number>();
    for (const name of creates) perTable.set(name!, (perTable.get(name!) ?? 0) + 1);
    expect(perTable.get(`${database}.responses_local`)).toBe(1);
    expect(perTable.get(`${database}.metrics_5m_added_mv`)).toBe(1);
    // Each ALTER once; a Distributed table is created again after each ALTER of its local table.
    const alters = ddl
      .map((entry) => /query: ALTER TABLE (\S+)_local ON CLUSTER \S+ ADD COLUMN\s+(\w+)/.exec(entry.value))
      .filter((m) => m?.[1]?.startsWith(`${database}.`));
    const altersPerTable = new Map<string, number>();
    for (const match of alters) altersPerTable.set(match![1]!, (altersPerTable.get(match![1]!) ?? 0) + 1);
    expect(new Set(alters.map((m) => `${m![1]} ${m![2]}`)).size).toBe(alters.length);
    // As many as the migrations hold, per table (0007, 0011 and 0012 add columns).
    const written = new Map<string, number>();
    for (const migration of loadMigrations()) {
      for (const match of migration.source.matchAll(/^ALTER TABLE \{\{db\}\}\.(\w+) \{\{on_cluster\}\} ADD COLUMN /gm))
        written.set(`${database}.${match[1]}`, (written.get(`${database}.${match[1]}`) ?? 0) + 1);
    }
    expect(written.get(`${database}.tool_call_events`)).toBeGreaterThanOrEqual(2);
    expect(new Map([...altersPerTable].sort())).toEqual(new Map([...written].sort()));
    // schema_migrations itself is created by both runners (IF NOT EXISTS) before they take turns.
    expect(
      [...perTable].filter(
        ([name, n]) => n !== 1 + (altersPerTable.get(name) ?? 0) && name !== `${database}.schema_migrations`,
      ),
    ).toEqual([]);
  });
});
