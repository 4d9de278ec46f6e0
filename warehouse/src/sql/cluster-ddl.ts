/**
 * The cluster shape of one migration statement (see ddl.ts for the placeholders).
 *
 * A table created with `{{engine:...}}` is created as `<name>_local` (replicated within its
 * shard) plus the Distributed table `<name>` over it, sharded by its `{{sharding_key:...}}`.
 * Statements that must address the local tables are rewritten:
 * - materialized views read the local table and write the local target: a view fires on the
 *   replica that receives an INSERT, and the target's replication copies the result;
 * - ALTER TABLE changes the local table ON CLUSTER, on one replica per shard where the servers
 *   name such a cluster (migrate/alter-cluster.ts; replication applies it to the other replicas),
 *   then re-creates the Distributed table, which does not follow its local table and cannot be
 *   altered ON CLUSTER when the cluster has internal_replication (18.16 refuses).
 * - an INSERT into a table only views write goes to the local table (see below).
 * Every other statement (e.g. other INSERT ... SELECT) keeps `<name>`, i.e. the Distributed table.
 */

/** Table name → sharding key expression (undefined: the table is written only by views). */
export type ShardedTables = ReadonlyMap<string, string | undefined>;

export const LOCAL_SUFFIX = "_local";

/** On its own line before the `;`, so removing it restores the file as it was before clusters. */
export const SHARDING_KEY = /\n?[ \t]*\{\{sharding_key:([^}]*)\}\}/;
export const CREATED_TABLE = /^(CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?)\{\{db\}\}\.([A-Za-z0-9_]+)/i;
const ALTERED_TABLE = /^(ALTER\s+TABLE\s+)\{\{db\}\}\.([A-Za-z0-9_]+)/i;
const MATERIALIZED_VIEW = /^CREATE\s+MATERIALIZED\s+VIEW\b/i;
const INSERTED_TABLE = /^(INSERT\s+INTO\s+)\{\{db\}\}\.([A-Za-z0-9_]+)/i;

interface ClusterTarget {
  database: string;
  cluster: string;
}

/**
 * `CREATE TABLE` of the Distributed table `<name>` over `<name>_local`; the migration runner
 * spells out its columns from the local table (migrate/distributed-table.ts).
 */
export function distributedTableStatement(
  target: ClusterTarget,
  table: string,
  shardingKey: string | undefined,
): string {
  const args = [target.cluster, target.database, `${table}${LOCAL_SUFFIX}`, ...(shardingKey ? [shardingKey] : [])].join(
    ", ",
  );
  return `CREATE TABLE IF NOT EXISTS {{db}}.${table} {{on_cluster}} AS {{db}}.${table}${LOCAL_SUFFIX} ENGINE = Distributed(${args})`;
}

function toLocalTables(statement: string, sharded: ShardedTables): string {
  return statement.replace(/\{\{db\}\}\.([A-Za-z0-9_]+)/g, (all, name: string) =>
    sharded.has(name) ? `{{db}}.${name}${LOCAL_SUFFIX}` : all,
  );
}

export function clusterStatements(statement: string, target: ClusterTarget, sharded: ShardedTables): string[] {
  const created = CREATED_TABLE.exec(statement);
  if (created && statement.includes("{{engine:")) {
    const table = created[2]!;
    const shardingKey = SHARDING_KEY.exec(statement)?.[1]?.trim();
    const local = statement.replace(SHARDING_KEY, "").replace(CREATED_TABLE, `$1{{db}}.${table}${LOCAL_SUFFIX}`);
    return [local, distributedTableStatement(target, table, shardingKey)];
  }
  if (SHARDING_KEY.test(statement))
    throw new Error(`{{sharding_key:...}} belongs in a CREATE TABLE with an {{engine:...}}:\n${statement}`);
  const altered = ALTERED_TABLE.exec(statement);
  if (altered && sharded.has(altered[2]!)) {
    const table = altered[2]!;
    return [
      statement
        .replace(ALTERED_TABLE, `$1{{db}}.${table}${LOCAL_SUFFIX}`)
        .replace("{{on_cluster}}", "{{on_alter_cluster}}"),
      // This node may be the replica that receives the ALTER through replication.
      `SYSTEM SYNC REPLICA {{db}}.${table}${LOCAL_SUFFIX}`,
      `DROP TABLE IF EXISTS {{db}}.${table} {{on_cluster}}`,
      distributedTableStatement(target, table, sharded.get(table)),
    ];
  }
  if (MATERIALIZED_VIEW.test(statement)) return [toLocalTables(statement, sharded)];
  const inserted = INSERTED_TABLE.exec(statement);
  // A table only views write has a Distributed table without a sharding key, which refuses
  // INSERTs over several shards: a migration's INSERT writes the local table of the node it
  // runs on, as view repairs do (its readers sum every shard).
  if (inserted && sharded.has(inserted[2]!) && sharded.get(inserted[2]!) === undefined) {
    return [statement.replace(INSERTED_TABLE, `$1{{db}}.${inserted[2]}${LOCAL_SUFFIX}`)];
  }
  return [statement];
}
