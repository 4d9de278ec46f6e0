import type { ClickHouseSettings, ClickHouseClientConfigOptions } from "@clickhouse/client";
import { drainPending } from "chdb";
import { createChdbConnection } from "chdb/connection";
import { lockDataDir } from "./data-dir-lock";

/**
 * The settings the product sends on some statements only, with the value every other statement
 * must run with. chdb/connection sends a statement's settings as `SET ...;` before it on the
 * connection's session, where they stay: after a key lookup sent `max_query_size` sized to its own
 * text, a longer statement without the setting would fail to parse. So every statement sends these,
 * its own value or the default (ClickHouse's, the same on 18.16 and 26.x).
 */
export const STATEMENT_SETTING_DEFAULTS: ClickHouseSettings = {
  max_query_size: "262144",
};

/**
 * Settings that have no meaning in one process (a cluster's distribution and replica choice):
 * the config refuses a cluster on the embedded engine, and a statement that still sends one fails
 * here, named, instead of changing the session for the statements after it.
 */
const SERVER_ONLY_SETTINGS = ["insert_distributed_sync", "distributed_product_mode", "load_balancing", "distributed_ddl_task_timeout"];

/** Every setting the embedded engine gets for one statement: its own over the defaults, checked. */
export function embeddedStatementSettings(settings: ClickHouseSettings | undefined): ClickHouseSettings {
  const serverOnly = Object.keys(settings ?? {}).filter((name) => SERVER_ONLY_SETTINGS.includes(name));
  if (serverOnly.length > 0) throw new Error(`the embedded warehouse has no cluster: setting(s) ${serverOnly.join(", ")} apply to a ClickHouse server only`);
  return { ...STATEMENT_SETTING_DEFAULTS, ...settings };
}

/** The connection `createClient` takes (@clickhouse/client declares it over its own copy of client-common's types). */
type ClientConnection = NonNullable<ClickHouseClientConfigOptions["connection"]>;
type StatementParams = Parameters<ClientConnection["query"]>[0];

/**
 * The product's connection to embedded ClickHouse (chDB, in this process), plugged into
 * `@clickhouse/client` in place of HTTP. It adds what the HTTP path gets from the server:
 * - the data directory belongs to this process (data-dir-lock.ts);
 * - per-statement settings that do not stick to the session (embeddedStatementSettings);
 * - the request timeout: a statement that runs longer rejects with a timeout error, as an HTTP
 *   request would (the engine finishes it in the background: chDB cannot cancel a running query);
 * - a close that waits for the statements still running, because closing the engine's session
 *   under a running statement aborts the engine for the rest of the process.
 */
export function createEmbeddedConnection(options: { dataDir: string; requestTimeoutMs: number }): ClientConnection {
  const release = lockDataDir(options.dataDir);
  let inner: ClientConnection;
  try {
    // chdb/connection implements client-common's Connection, the same interface as ClientConnection.
    inner = createChdbConnection({ path: options.dataDir }) as unknown as ClientConnection;
  } catch (error) {
    release();
    throw error;
  }
  const running = new Set<Promise<unknown>>();

  function run<P extends StatementParams, R>(call: (params: P) => Promise<R>, params: P): Promise<R> {
    const timeout = AbortSignal.timeout(options.requestTimeoutMs);
    const promise = call({
      ...params,
      clickhouse_settings: embeddedStatementSettings(params.clickhouse_settings),
      abort_signal: params.abort_signal ? AbortSignal.any([params.abort_signal, timeout]) : timeout,
    });
    running.add(promise);
    const forget = () => running.delete(promise);
    promise.then(forget, forget);
    return promise.catch((error: unknown) => {
      if (timeout.aborted) throw new Error(`Timeout error: the embedded warehouse did not answer within ${options.requestTimeoutMs} ms`, { cause: error });
      throw error;
    });
  }

  let closing: Promise<void> | undefined;
  return {
    query: (params) => run((p) => inner.query(p), params),
    exec: (params) => run((p) => inner.exec(p), params),
    command: (params) => run((p) => inner.command(p), params),
    insert: (params) => run((p) => inner.insert(p), params),
    ping: (params) => inner.ping(params),
    close: () =>
      (closing ??= (async () => {
        await Promise.allSettled([...running]);
        // A statement given up on (timeout, abort) still runs in the engine until it finishes.
        await drainPending();
        try {
          await inner.close();
        } finally {
          release();
        }
      })()),
  };
}
