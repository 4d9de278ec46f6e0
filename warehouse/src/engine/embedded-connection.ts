import type { ClickHouseSettings, ClickHouseClientConfigOptions, Logger } from "@clickhouse/client";
import { randomUUID } from "node:crypto";
import { createChdbConnection, type ChdbExtension } from "chdb/connection";
import { oneLineClientLogger } from "../client-log";
import { sqlValue } from "../sql/escape";
import { lockDataDir } from "./data-dir-lock";
import { rawInsert, rawInsertTarget } from "./raw-insert";
import { defaultEmbeddedSessions, SessionPool } from "./session-pool";

/**
 * Settings that have no meaning in one process (a cluster's distribution and replica choice):
 * the config refuses a cluster on the embedded engine, and a statement that still sends one fails
 * here, named, instead of changing the session for the statements after it.
 */
const SERVER_ONLY_SETTINGS = [
  "insert_distributed_sync",
  "distributed_product_mode",
  "load_balancing",
  "distributed_ddl_task_timeout",
];

/**
 * Per-statement settings over a session where settings stay. chdb/connection sends a statement's
 * settings as `SET ...;` before it on the connection's session, where they remain for the
 * statements after it: after a key lookup sent `max_query_size` sized to its own text, a longer
 * statement would fail to parse. So every setting a statement of this connection ever changed is
 * sent with every later statement, its own value or the engine's default (system.settings).
 */
export class StatementSettings {
  private readonly changed = new Set<string>();

  constructor(private readonly defaults: ReadonlyMap<string, string>) {}

  /** The settings to send with one statement; call it in the order the statements are sent. */
  of(settings: ClickHouseSettings | undefined): ClickHouseSettings {
    const own = Object.fromEntries(Object.entries(settings ?? {}).filter(([, value]) => value !== undefined));
    const serverOnly = Object.keys(own).filter((name) => SERVER_ONLY_SETTINGS.includes(name));
    if (serverOnly.length > 0)
      throw new Error(
        `the embedded warehouse has no cluster: setting(s) ${serverOnly.join(", ")} apply to a ClickHouse server only`,
      );
    const restored = Object.fromEntries(
      [...this.changed].filter((name) => !(name in own)).map((name) => [name, this.defaults.get(name)!]),
    );
    // Names the engine does not know are its error to report (or HTTP options chdb/connection drops).
    for (const name of Object.keys(own)) if (this.defaults.has(name)) this.changed.add(name);
    return { ...restored, ...own };
  }
}

/** The connection createClient takes (@clickhouse/client declares it over its own copy of client-common's types). */
type ClientConnection = NonNullable<ClickHouseClientConfigOptions["connection"]>;
type StatementParams = Parameters<ClientConnection["query"]>[0];
/** A session's chdb/connection: the client's Connection and chDB's own calls (`chdb.rawInsert`). */
type EngineConnection = ClientConnection & { readonly chdb: ChdbExtension };

/** One chDB session on the data directory: its statements in order, their settings, a careful close. */
interface EngineSession {
  /** Statements sent and not yet answered (session-pool.ts picks by it). */
  readonly busy: number;
  run<P extends StatementParams, R>(
    call: (connection: EngineConnection, params: P) => Promise<R>,
    params: P,
  ): Promise<R>;
  ping: ClientConnection["ping"];
  close(): Promise<void>;
}

/** The engine's setting defaults, read once by the first session and shared with the sessions after it. */
type SettingDefaults = (connection: ClientConnection) => Promise<ReadonlyMap<string, string>>;

/**
 * Stops the statement named `tag` in the engine (see STATEMENT_TAG), from another session than
 * its own, whose statements wait behind it; resolves once the engine took the request.
 */
type KillStatement = (tag: string) => Promise<void>;

/**
 * The setting that names each statement in the engine's process list, so a statement given up
 * on (request timeout, abort) can be killed: chDB has no query_id of the caller's and rejects
 * custom settings, and system.processes shows a statement's changed settings. The product sets
 * no log_comment of its own; one a caller sends is replaced.
 */
const STATEMENT_TAG = "log_comment";

/** How often a kill is sent again while the engine still runs the statement (it may not have started at the first). */
const KILL_RETRY_MS = 1_000;

/**
 * A failure no caller waits for, as one line through the client's logger: its class and code, never
 * its message (the engine's exception quotes the statement).
 */
export function logUnawaitedFailure(
  log: Logger | undefined,
  message: string,
  args: Record<string, string>,
  error: unknown,
): void {
  const err = error instanceof Error ? error : new Error(String(error));
  (log ?? new (oneLineClientLogger())()).error({ module: "Embedded", message, args, err });
}

function openEngineSession(
  options: { dataDir: string; requestTimeoutMs: number; log?: Logger },
  defaultsOf: SettingDefaults,
  kill: KillStatement,
): EngineSession {
  // chdb/connection implements client-common's Connection, the same interface as ClientConnection.
  const inner = createChdbConnection({ path: options.dataDir }) as unknown as EngineConnection;
  const running = new Set<Promise<unknown>>();
  const settings = defaultsOf(inner).then((defaults) => new StatementSettings(defaults));
  // Known before the first statement; a failure is that statement's (and every later one's) error.
  settings.catch(() => {});
  let closing: Promise<void> | undefined;
  let busy = 0;
  return {
    get busy() {
      return busy;
    },
    async run<P extends StatementParams, R>(
      call: (connection: EngineConnection, params: P) => Promise<R>,
      params: P,
    ): Promise<R> {
      // Counted from the moment it is sent, before the await below (the next statement sent in the
      // same tick must see this session busy), until the engine has finished it: a statement given
      // up on still runs in the engine, and a statement after it on this session would wait for it.
      busy++;
      const timeout = AbortSignal.timeout(options.requestTimeoutMs);
      const tag = `answerscope-${randomUUID()}`;
      let engine: Promise<R>;
      try {
        // Statements reach the session in the order they are sent: the settings are worked out right before.
        const own = (await settings).of({ ...params.clickhouse_settings, [STATEMENT_TAG]: tag });
        // Sent without the signal: chDB's promise then settles when the engine has finished the
        // statement (chDB's abort only rejects early), where with it it would settle at the abort.
        engine = call(inner, { ...params, clickhouse_settings: own, abort_signal: undefined });
      } catch (error) {
        busy--;
        throw error;
      }
      running.add(engine);
      let settled = false;
      const finished = () => {
        settled = true;
        busy--;
        running.delete(engine);
      };
      engine.then(finished, finished);
      // Given up on: killed in the engine, sent again until the engine has let go of it (a kill
      // that came before the statement started finds nothing).
      const stop = () => {
        if (settled) return;
        kill(tag)
          .catch((error: unknown) =>
            logUnawaitedFailure(options.log, "killing a statement failed", { query_id: tag }, error),
          )
          .finally(() => {
            if (!settled) setTimeout(stop, KILL_RETRY_MS).unref();
          });
      };
      const signal = params.abort_signal ? AbortSignal.any([params.abort_signal, timeout]) : timeout;
      return await untilAborted(engine, signal).catch((error: unknown) => {
        if (signal.aborted) stop();
        if (timeout.aborted)
          throw new Error(
            `Timeout error: the embedded warehouse did not answer within ${options.requestTimeoutMs} ms`,
            { cause: error },
          );
        throw error;
      });
    },
    ping: (params) => inner.ping(params),
    close: () =>
      (closing ??= (async () => {
        await settings.catch(() => {});
        // Until the engine has finished them, those given up on (timeout, abort) included.
        await Promise.allSettled([...running]);
        await inner.close();
      })()),
  };
}

/** `promise`, or a rejection with the signal's reason as soon as `signal` aborts (`promise` runs on). */
function untilAborted<R>(promise: Promise<R>, signal: AbortSignal): Promise<R> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<R>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** How long a named session lives after its last statement: ClickHouse's default session_timeout. */
const SESSION_TIMEOUT_MS = 60_000;

/**
 * The product's connection to embedded ClickHouse (chDB, in this process), plugged into
 * `@clickhouse/client` in place of HTTP. It adds what the HTTP path gets from the server:
 * - the data directory belongs to this process (data-dir-lock.ts);
 * - per-statement settings that do not stick to the session (StatementSettings);
 * - sessions: a statement with a `session_id` (the outcome evaluator's temporary tables) runs in a
 *   chDB session of that id's own, as in an HTTP session, closed 60 s after its last statement
 *   (chdb/connection ignores session_id, so two evaluations would share their temporary tables);
 *   statements without one go to a pool of up to `sessions` sessions (session-pool.ts), so they
 *   run at once as on a server, where one session would run them one at a time. Writes too:
 *   concurrent INSERTs, merges, OPTIMIZE and mutations from several sessions on one directory
 *   kept every row and every materialized-view row, and a write was visible to the next read of
 *   another session (probed on chDB 3.4 / ClickHouse 26.7);
 * - the request timeout: a statement that runs longer rejects with a timeout error, as an HTTP
 *   request would, and is killed in the engine (chDB's own abort only rejects early and leaves it
 *   running); its session counts as busy until the engine has let go of it;
 * - a close that waits for the statements still running, because closing the engine's session
 *   under a running statement aborts the engine for the rest of the process.
 */
export function createEmbeddedConnection(options: {
  dataDir: string;
  requestTimeoutMs: number;
  sessions?: number;
  /** The client's logger (client-log.ts), for what fails where no caller waits; default text on stderr. */
  log?: Logger;
}): ClientConnection {
  const release = lockDataDir(options.dataDir);
  let defaults: Promise<ReadonlyMap<string, string>> | undefined;
  const defaultsOf: SettingDefaults = (connection) => {
    // A failed read is retried by the next session instead of failing every later one.
    defaults ??= readDefaults(connection).catch((error: unknown) => {
      defaults = undefined;
      throw error;
    });
    return defaults;
  };
  // Kills go through a connection of their own: the pool's sessions may all be busy, and a
  // killed statement's session runs nothing else until the engine has let go of it.
  let control: ClientConnection | undefined;
  const kills = new Set<Promise<unknown>>();
  const kill: KillStatement = async (tag) => {
    control ??= createChdbConnection({ path: options.dataDir }) as unknown as ClientConnection;
    const done = control.command({
      query: `KILL QUERY WHERE Settings[${sqlValue(STATEMENT_TAG)}] = ${sqlValue(tag)} ASYNC`,
    });
    kills.add(done);
    try {
      await done;
    } finally {
      kills.delete(done);
    }
  };
  let pool: SessionPool<EngineSession>;
  try {
    pool = new SessionPool(options.sessions ?? defaultEmbeddedSessions(), () =>
      openEngineSession(options, defaultsOf, kill),
    );
  } catch (error) {
    release();
    throw error;
  }
  const named = new Map<string, { session: EngineSession; idle?: NodeJS.Timeout }>();

  function sessionOf(sessionId: string | undefined): { session: EngineSession; touch: () => void } {
    if (!sessionId) return { session: pool.pick(), touch: () => {} };
    let entry = named.get(sessionId);
    if (!entry) named.set(sessionId, (entry = { session: openEngineSession(options, defaultsOf, kill) }));
    const current = entry;
    const touch = () => {
      clearTimeout(current.idle);
      current.idle = setTimeout(() => {
        named.delete(sessionId);
        current.session
          .close()
          .catch((error: unknown) =>
            logUnawaitedFailure(options.log, "closing an idle session failed", { session_id: sessionId }, error),
          );
      }, SESSION_TIMEOUT_MS).unref();
    };
    touch();
    return { session: current.session, touch };
  }

  let closing: Promise<void> | undefined;
  function run<P extends StatementParams, R>(
    call: (connection: EngineConnection, params: P) => Promise<R>,
    params: P,
  ): Promise<R> {
    if (closing) return Promise.reject(new Error("the embedded warehouse is closed"));
    const { session, touch } = sessionOf(params.session_id);
    const result = session.run(call, params);
    result.then(touch, touch);
    return result;
  }

  return {
    query: (params) => run((c, p) => c.query(p), params),
    exec: (params) => {
      // The product's inserts (insertRows) go to the engine as bytes (raw-insert.ts).
      const target = params.values !== undefined ? rawInsertTarget(params.query) : undefined;
      return target
        ? run((c, p) => rawInsert(c.chdb, target, { ...p, values: p.values! }), params)
        : run((c, p) => c.exec(p), params);
    },
    command: (params) => run((c, p) => c.command(p), params),
    insert: (params) => run((c, p) => c.insert(p), params),
    ping: (params) => pool.first.ping(params),
    close: () =>
      (closing ??= (async () => {
        try {
          const sessions = [...named.values()];
          named.clear();
          for (const { idle } of sessions) clearTimeout(idle);
          await Promise.allSettled(sessions.map(({ session }) => session.close()));
          await pool.close();
          // Closing a chDB session under a running statement (a kill) aborts the engine.
          await Promise.allSettled([...kills]);
          await control?.close();
        } finally {
          release();
        }
      })()),
  };
}

/** Every setting's default value, as the engine reports it (read before any statement changed one). */
async function readDefaults(connection: ClientConnection): Promise<Map<string, string>> {
  const { stream } = await connection.query({
    query: "SELECT name, default FROM system.settings",
    clickhouse_settings: { default_format: "JSONEachRow" },
  });
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  const rows = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { name: string; default: string });
  return new Map(rows.map((row) => [row.name, row.default]));
}
