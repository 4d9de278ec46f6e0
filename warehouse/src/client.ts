import { createClient, type ClickHouseClient } from "@clickhouse/client";
import { z } from "zod";
import { assertIdentifier, type DdlTarget } from "./sql/ddl";

export const WarehouseConfigSchema = z.object({
  url: z.url(),
  database: z.string().default("answerscope"),
  username: z.string().default("default"),
  password: z.string().default(""),
  cluster: z.string().optional(),
  requestTimeoutMs: z.number().int().positive().default(30_000),
});
export type WarehouseConfig = z.input<typeof WarehouseConfigSchema>;

/** The CLICKHOUSE_* variables; every process's own config schema extends this one. */
export const WarehouseEnvSchema = z.object({
  CLICKHOUSE_URL: z.url().default("http://127.0.0.1:8123"),
  CLICKHOUSE_DATABASE: z.string().default("answerscope"),
  CLICKHOUSE_USER: z.string().default("default"),
  CLICKHOUSE_PASSWORD: z.string().default(""),
  /** Set to a cluster name from `remote_servers` to run on a ClickHouse cluster. */
  CLICKHOUSE_CLUSTER: z.string().optional(),
});
export type WarehouseEnv = z.output<typeof WarehouseEnvSchema>;

export function warehouseConfigFromEnv(env: WarehouseEnv): WarehouseConfig {
  return {
    url: env.CLICKHOUSE_URL,
    database: env.CLICKHOUSE_DATABASE,
    username: env.CLICKHOUSE_USER,
    password: env.CLICKHOUSE_PASSWORD,
    cluster: env.CLICKHOUSE_CLUSTER || undefined,
  };
}

export interface Warehouse {
  readonly client: ClickHouseClient;
  readonly target: DdlTarget;
  /** `db.table` for an allow-listed table name. */
  table(name: string): string;
  close(): Promise<void>;
}

/**
 * One ClickHouse connection for the product. The database is not sent as a
 * connection default: every statement names `db.table`, so the migration runner
 * can create the database through the same client.
 */
export function createWarehouse(config: WarehouseConfig): Warehouse {
  const parsed = WarehouseConfigSchema.parse(config);
  const database = assertIdentifier("database", parsed.database);
  const client = createClient({
    url: parsed.url,
    username: parsed.username,
    password: parsed.password,
    request_timeout: parsed.requestTimeoutMs,
    clickhouse_settings: {
      // 64-bit integers as JSON numbers: our counters stay far below 2^53.
      output_format_json_quote_64bit_integers: 0,
    },
  });
  return {
    client,
    target: { database, cluster: parsed.cluster },
    table: (name) => `${database}.${assertIdentifier("table", name)}`,
    close: () => client.close(),
  };
}

/** Runs a read and returns its rows as objects. */
export async function queryRows<T>(warehouse: Warehouse, query: string): Promise<T[]> {
  const result = await warehouse.client.query({ query, format: "JSONEachRow" });
  return result.json<T>();
}
