import { createClient, type ClickHouseClient, type ClickHouseSettings } from "@clickhouse/client";
import { resolve } from "node:path";
import { z } from "zod";
import { oneLineClientLogger, type ClientLog, type LogLineWriter } from "./client-log";
import { createEmbeddedConnection } from "./engine/embedded-connection";
import { MAX_EMBEDDED_SESSIONS } from "./engine/session-pool";
import { assertIdentifier, type DdlTarget } from "./sql/ddl";
import { retryOnStaleSocket } from "./stale-socket";

/**
 * Where the warehouse runs: a ClickHouse server or cluster over HTTP (`url`), or embedded
 * ClickHouse in this process (chDB, engine/README.md) with its data in `dataDir`. Exactly one.
 */
export const WarehouseConfigSchema = z
  .object({
    url: z.url().optional(),
    dataDir: z.string().min(1).optional(),
    database: z.string().default("answerscope"),
    username: z.string().default("default"),
    password: z.string().default(""),
    cluster: z.string().optional(),
    /** Cluster only: how long an ON CLUSTER statement waits for every node (ClickHouse's default is 180 s). */
    ddlTimeoutS: z.number().int().positive().optional(),
    requestTimeoutMs: z.number().int().positive().default(30_000),
    /** Embedded only: chDB sessions for statements without a session_id (engine/session-pool.ts; default by core count). */
    embeddedSessions: z.number().int().min(1).max(MAX_EMBEDDED_SESSIONS).optional(),
  })
  .refine((c) => (c.url === undefined) !== (c.dataDir === undefined), {
    message:
      "the warehouse needs either a ClickHouse server's url (CLICKHOUSE_URL) or a data directory for the embedded engine, not both",
  })
  .refine((c) => !(c.cluster && c.dataDir !== undefined), {
    message: "CLICKHOUSE_CLUSTER needs a ClickHouse server (CLICKHOUSE_URL): the embedded engine has no cluster",
  });
export type WarehouseConfig = z.input<typeof WarehouseConfigSchema>;

/** Where an unset variable's empty value (`X=` in an env file, `${X:-}` in compose) counts as unset. */
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);

/**
 * The warehouse's variables; every process's own config schema extends this one. With
 * CLICKHOUSE_URL the product talks to that server (or cluster); without it, it runs embedded
 * ClickHouse with its data under ANSWERSCOPE_DATA_DIR (embeddedWarehouseDir).
 */
export const WarehouseEnvSchema = z.object({
  CLICKHOUSE_URL: z.preprocess(unsetIfEmpty, z.url().optional()),
  /** Root of this installation's local state (also the local services' root, services/README.md). */
  ANSWERSCOPE_DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default(".data")),
  CLICKHOUSE_DATABASE: z.string().default("answerscope"),
  CLICKHOUSE_USER: z.string().default("default"),
  CLICKHOUSE_PASSWORD: z.string().default(""),
  /** Set to a cluster name from `remote_servers` to run on a ClickHouse cluster. */
  CLICKHOUSE_CLUSTER: z.string().optional(),
  CLICKHOUSE_DDL_TIMEOUT_S: z.coerce.number().int().positive().optional(),
  /** Embedded engine: how many of its statements run at once (engine/session-pool.ts; default by core count). */
  CLICKHOUSE_EMBEDDED_SESSIONS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(1).max(MAX_EMBEDDED_SESSIONS).optional(),
  ),
});
export type WarehouseEnv = z.output<typeof WarehouseEnvSchema>;

/** The embedded engine's own directory inside the data directory. */
export const embeddedWarehouseDir = (dataDir: string): string => resolve(dataDir, "warehouse");

export function warehouseConfigFromEnv(env: WarehouseEnv): WarehouseConfig {
  return {
    ...(env.CLICKHOUSE_URL ? { url: env.CLICKHOUSE_URL } : { dataDir: embeddedWarehouseDir(env.ANSWERSCOPE_DATA_DIR) }),
    database: env.CLICKHOUSE_DATABASE,
    username: env.CLICKHOUSE_USER,
    password: env.CLICKHOUSE_PASSWORD,
    cluster: env.CLICKHOUSE_CLUSTER || undefined,
    ddlTimeoutS: env.CLICKHOUSE_DDL_TIMEOUT_S,
    embeddedSessions: env.CLICKHOUSE_EMBEDDED_SESSIONS,
  };
}

export interface Warehouse {
  readonly client: ClickHouseClient;
  /** A ClickHouse server over HTTP, or embedded ClickHouse in this process. */
  readonly engine: "server" | "embedded";
  readonly target: DdlTarget;
  /** `db.table` for an allow-listed table name. */
  table(name: string): string;
  close(): Promise<void>;
}

/**
 * Settings of every statement on a cluster, where `<table>` is the Distributed table:
 * - insert_distributed_sync: an INSERT returns once every shard stored its rows (else the
 *   Distributed table queues them on the receiving node and acknowledges before they are durable);
 * - distributed_product_mode 'global': an IN / JOIN subquery over a Distributed table runs once
 *   and is shipped to the shards, because the tables are sharded by different keys (see sql/README);
 * - load_balancing 'in_order': reads and writes go to the first live replica of each shard, so a
 *   read sees the write before it (the sink looks up what is stored before inserting); the second
 *   replica serves when the first is down.
 */
export function clusterSettings(config: { ddlTimeoutS?: number }) {
  return {
    insert_distributed_sync: 1,
    distributed_product_mode: "global",
    load_balancing: "in_order",
    ...(config.ddlTimeoutS ? { distributed_ddl_task_timeout: String(config.ddlTimeoutS) } : {}),
  } as const;
}

/**
 * One ClickHouse connection for the product. The database is not sent as a
 * connection default: every statement names `db.table`, so the migration runner
 * can create the database through the same client.
 */
export interface WarehouseOptions {
  /**
   * The process's structured logger: the client's own lines go through it as JSON (client-log.ts).
   * Every service passes its own; without one they are text lines through `log` (default stderr).
   */
  logger?: ClientLog;
  /** Where the client's text lines go when no `logger` is given. */
  log?: LogLineWriter;
  /** More settings of every statement, e.g. a benchmark's `log_queries`. */
  settings?: ClickHouseSettings;
}

export function createWarehouse(config: WarehouseConfig, options: WarehouseOptions = {}): Warehouse {
  const parsed = WarehouseConfigSchema.parse(config);
  const database = assertIdentifier("database", parsed.database);
  const LoggerClass = oneLineClientLogger({ logger: options.logger, write: options.log });
  const client = createClient({
    ...(parsed.dataDir !== undefined
      ? {
          connection: createEmbeddedConnection({
            dataDir: parsed.dataDir,
            requestTimeoutMs: parsed.requestTimeoutMs,
            sessions: parsed.embeddedSessions,
            log: new LoggerClass(),
          }),
        }
      : {
          url: parsed.url,
          username: parsed.username,
          password: parsed.password,
          request_timeout: parsed.requestTimeoutMs,
          // A socket idle past idle_socket_ttl is dropped when next picked, even if a busy event
          // loop ran its timer late; what still fails on a closed socket is read again (stale-socket.ts).
          keep_alive: { eagerly_destroy_stale_sockets: true },
        }),
    log: { LoggerClass },
    clickhouse_settings: {
      // 64-bit integers as JSON numbers: our counters stay far below 2^53.
      output_format_json_quote_64bit_integers: 0,
      ...(parsed.cluster ? clusterSettings(parsed) : {}),
      ...options.settings,
    },
  });
  return {
    client,
    engine: parsed.dataDir !== undefined ? "embedded" : "server",
    target: { database, cluster: parsed.cluster },
    table: (name) => `${database}.${assertIdentifier("table", name)}`,
    close: () => client.close(),
  };
}

type QueryParams = Parameters<ClickHouseClient["query"]>[0];

/**
 * Runs a read and returns its rows as objects; a read sent on a socket ClickHouse had closed
 * is sent again (stale-socket.ts). Every read of the product goes through here.
 */
export function queryRows<T>(
  warehouse: Warehouse,
  query: string,
  params: Omit<QueryParams, "query" | "format"> = {},
): Promise<T[]> {
  return retryOnStaleSocket(async () => {
    const result = await warehouse.client.query({ ...params, query, format: "JSONEachRow" });
    return result.json<T>();
  });
}
