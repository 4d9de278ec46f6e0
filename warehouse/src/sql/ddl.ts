/**
 * Renders the numbered migrations in `sql/migrations/` for one deployment shape.
 *
 * The migrations are written once, with placeholders, so that single-node and
 * cluster deployments run the same source:
 *   {{db}}                  the database name (from an allow-listed identifier)
 *   {{on_cluster}}          '' on a single node, `ON CLUSTER <name>` on a cluster
 *   {{engine:Name(args)}}   `Name(args)` on a single node, `ReplicatedName(<zk path>, '{replica}', args)`
 *                           on a cluster (the zk path is derived from the table being created)
 */
export interface DdlTarget {
  database: string;
  /** Name of a ClickHouse cluster from `remote_servers`; absent on a single node. */
  cluster?: string;
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

function createdTableName(statement: string): string {
  const match = /CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?\{\{db\}\}\.([A-Za-z0-9_]+)/i.exec(statement);
  if (!match?.[1]) throw new Error(`an {{engine:...}} placeholder needs a CREATE TABLE {{db}}.<name> statement:\n${statement}`);
  return match[1];
}

function renderEngine(statement: string, target: DdlTarget): string {
  return statement.replace(/\{\{engine:([A-Za-z]+)\(([^)]*)\)\}\}/g, (_all, name: string, args: string) => {
    if (!target.cluster) return `${name}(${args})`;
    const zkPath = `'/clickhouse/tables/{shard}/${target.database}.${createdTableName(statement)}'`;
    const replicatedArgs = [zkPath, "'{replica}'", ...(args.trim() ? [args.trim()] : [])].join(", ");
    return `Replicated${name}(${replicatedArgs})`;
  });
}

export function renderStatements(source: string, target: DdlTarget): string[] {
  const database = assertIdentifier("database", target.database);
  const onCluster = target.cluster ? `ON CLUSTER ${assertIdentifier("cluster", target.cluster)}` : "";
  return splitStatements(source).map((statement) => {
    const rendered = renderEngine(statement, target)
      .replaceAll("{{db}}", database)
      .replaceAll("{{on_cluster}}", onCluster);
    const leftover = /\{\{[^}]*\}\}/.exec(rendered);
    if (leftover) throw new Error(`unknown placeholder ${leftover[0]} in migration`);
    return rendered;
  });
}
