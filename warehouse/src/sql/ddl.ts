/**
 * Renders the numbered migrations in `sql/migrations/` for one deployment shape.
 *
 * The migrations are written once, with placeholders, so that single-node and
 * cluster deployments run the same source:
 *   {{db}}                  the database name (from an allow-listed identifier)
 *   {{on_cluster}}          '' on a single node, `ON CLUSTER <name>` on a cluster
 *   {{engine:Name(args)}}   `Name(args)` on a single node, `ReplicatedName(<zk path>, '{replica}', args)`
 *                           on a cluster (the zk path is derived from the table being created)
 *   {{sharding_key:expr}}   cluster only: the Distributed table's sharding key of the table
 *                           created in that statement (nothing on a single node)
 *
 * On a cluster a table created with `{{engine:...}}` becomes two: `<name>_local` (replicated,
 * one per shard) and `<name>`, a Distributed table over it. So every reader and writer keeps
 * naming `<name>` (see cluster-ddl.ts for the statements that must address the local tables).
 */
import { clusterStatements, CREATED_TABLE, SHARDING_KEY, type ShardedTables } from "./cluster-ddl";
import { sqlValue } from "./escape";

export interface DdlTarget {
  database: string;
  /** Name of a ClickHouse cluster from `remote_servers`; absent on a single node. */
  cluster?: string;
  /** Cluster only: where an ALTER of a replicated local table runs ON (migrate/alter-cluster.ts); default `cluster`. */
  alterCluster?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function assertIdentifier(kind: string, name: string): string {
  if (!IDENTIFIER.test(name)) throw new RangeError(`${kind} must match ${IDENTIFIER}: ${JSON.stringify(name)}`);
  return name;
}

/** Splits a migration file into statements: `;` at the end of a line ends one; `--` comments are dropped. */
export function splitStatements(source: string): string[] {
  const withoutComments = source
    .split("\n")
    .map((line) => line.replace(/^\s*--.*$/, ""))
    .join("\n");
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

const ENGINE = /\{\{engine:([A-Za-z]+)\(([^)]*)\)\}\}/g;

/**
 * The source without cluster-only placeholders: what a migration's checksum is taken of, so a
 * file that only gained a `{{sharding_key:...}}` keeps the checksum it was applied with.
 */
export function withoutClusterOnlyPlaceholders(source: string): string {
  return source.replace(new RegExp(SHARDING_KEY.source, "g"), "");
}

/** The tables created with an `{{engine:...}}` placeholder in these migration sources, with their sharding keys. */
export function shardedTablesOf(sources: readonly string[]): ShardedTables {
  const tables = new Map<string, string | undefined>();
  for (const statement of sources.flatMap(splitStatements)) {
    const created = CREATED_TABLE.exec(statement)?.[2];
    if (created && statement.includes("{{engine:")) tables.set(created, SHARDING_KEY.exec(statement)?.[1]?.trim());
  }
  return tables;
}

export function zooKeeperPath(target: DdlTarget, table: string, shard = "{shard}"): string {
  return `/clickhouse/tables/${shard}/${target.database}.${table}`;
}

/** `Name(args)`, or on a cluster its replicated twin registered at `zkPath`. */
export function engineFor(target: DdlTarget, name: string, args: string, zkPath: string): string {
  if (!target.cluster) return `${name}(${args})`;
  const replicatedArgs = [sqlValue(zkPath), sqlValue("{replica}"), ...(args.trim() ? [args.trim()] : [])].join(", ");
  return `Replicated${name}(${replicatedArgs})`;
}

function renderEngine(statement: string, target: DdlTarget): string {
  const created = CREATED_TABLE.exec(statement)?.[2];
  return statement.replace(ENGINE, (_all, name: string, args: string) => {
    if (!created)
      throw new Error(`an {{engine:...}} placeholder needs a CREATE TABLE {{db}}.<name> statement:\n${statement}`);
    return engineFor(target, name, args, zooKeeperPath(target, created));
  });
}

/** `ON CLUSTER <name>` on a cluster, '' on a single node. */
export function onClusterClause(target: DdlTarget): string {
  return target.cluster ? `ON CLUSTER ${assertIdentifier("cluster", target.cluster)}` : "";
}

export function renderStatements(
  source: string,
  target: DdlTarget,
  sharded: ShardedTables = shardedTablesOf([source]),
): string[] {
  const database = assertIdentifier("database", target.database);
  const cluster = target.cluster ? assertIdentifier("cluster", target.cluster) : undefined;
  const onCluster = onClusterClause(target);
  const onAlterCluster = cluster ? `ON CLUSTER ${assertIdentifier("cluster", target.alterCluster ?? cluster)}` : "";
  const statements = splitStatements(source).flatMap((statement) =>
    cluster ? clusterStatements(statement, { database, cluster }, sharded) : [statement.replace(SHARDING_KEY, "")],
  );
  return statements.map((statement) => {
    const rendered = renderEngine(statement, target)
      .replaceAll("{{db}}", database)
      .replaceAll("{{on_cluster}}", onCluster)
      .replaceAll("{{on_alter_cluster}}", onAlterCluster);
    const leftover = /\{\{[^}]*\}\}/.exec(rendered);
    if (leftover) throw new Error(`unknown placeholder ${leftover[0]} in migration`);
    return rendered;
  });
}
