import type { ErrorLogParams, Logger, LogParams, WarnLogParams } from "@clickhouse/client";
import { ClickHouseError } from "@clickhouse/client";
import type { ServiceLog } from "./service-log";
import { isStaleSocketError } from "./stale-socket";

export type LogLineWriter = (line: string) => void;

/**
 * The process's structured logger as the client's lines need it: the service log, and debug for the
 * client's trace and debug lines (runtime's pino logger has it; without it they go to info).
 */
export interface ClientLog extends ServiceLog {
  debug?(fields: Record<string, unknown>, message: string): void;
}

const writeToStderr: LogLineWriter = (line) => console.error(line);

/** The call's own fields worth a log line; the client adds a connection id and settings besides. */
const KEPT_ARGS = ["operation", "query_id", "session_id"] as const;

/** ClickHouse's error number at the head of its exception text, as 18.16 and 26.x both write it. */
const CODE_AT_HEAD = /^\s*Code: (\d+)/;

/** What an error may say in a line: its class, and ClickHouse's or Node's code for it. */
function errorFields(err: Error | undefined): Record<string, string> {
  if (!err) return {};
  const fields: Record<string, string> = { error_class: err.constructor.name };
  if (err instanceof ClickHouseError) {
    fields.clickhouse_code = err.code;
    // The name newer servers append, e.g. CANNOT_PARSE_INPUT_ASSERTION_FAILED; 18.16 writes none.
    if (err.type) fields.clickhouse_type = err.type;
  } else {
    const code = CODE_AT_HEAD.exec(err.message)?.[1];
    if (code) fields.clickhouse_code = code;
    // A socket's failure, e.g. ECONNRESET: Node's own constant, never a value.
    const errno = (err as NodeJS.ErrnoException).code;
    if (typeof errno === "string" && /^E[A-Z]+$/.test(errno)) fields.error_code = errno;
  }
  return fields;
}

/**
 * The fields of one client event: the client's module and which request, the error's class and
 * code. Never the error's message: ClickHouse's exception quotes the statement's text and, for a
 * rejected insert, the value it could not parse ("Cannot parse input ... '<value>'").
 */
export function clientLogFields(params: LogParams & { err?: Error }): Record<string, string> {
  const fields: Record<string, string> = { module: params.module ?? "client" };
  for (const key of KEPT_ARGS) {
    const value = params.args?.[key];
    if (value !== undefined && value !== "") fields[key] = String(value);
  }
  return { ...fields, ...errorFields(params.err) };
}

/** The same event as one text line, for a process that passes no logger. */
export function formatClientLogLine(level: string, params: LogParams & { err?: Error }): string {
  const { module, ...rest } = clientLogFields(params);
  const details = Object.entries(rest).map(([key, value]) => `${key}=${value}`);
  return `[clickhouse client] ${level} ${module}: ${params.message}${details.length ? ` (${details.join(" ")})` : ""}`;
}

/** A read on a closed keep-alive socket is sent again by queryRows: a warning, unless that fails too. */
const RESENT_READ = "such a read is sent once more, and only a second failure reaches its caller";
const isResentRead = (params: ErrorLogParams) => params.args?.operation === "Query" && isStaleSocketError(params.err);

type Level = "debug" | "info" | "warn" | "error";

/** Where a line goes: the process's logger as JSON fields, or text through `write`. */
function emitter(logger: ClientLog | undefined, write: LogLineWriter) {
  return (level: Level, params: LogParams & { err?: Error }, note?: string) => {
    if (logger) {
      const fields = { component: "clickhouse client", ...clientLogFields(params), ...(note ? { note } : {}) };
      if (level === "debug") (logger.debug ?? logger.info).call(logger, fields, params.message);
      else logger[level](fields, params.message);
    } else write(`${formatClientLogLine(level.toUpperCase(), params)}${note ? `; ${note}` : ""}`);
  };
}

/**
 * The client's logger with one line per event, no stack, and no message of ClickHouse's. The client
 * logs every failed request at ERROR, and the same error also rejects the caller's promise, whose
 * code reports it with what it was doing (a 503, a retried run, a halved evaluation chunk). The
 * query id stays, to find the statement and its full exception in `system.query_log`.
 * With the process's logger, each event is a JSON line through it (its level and redaction);
 * without one, a text line through `write` (stderr by default).
 */
export function oneLineClientLogger(options: { logger?: ClientLog; write?: LogLineWriter } = {}): new () => Logger {
  const emit = emitter(options.logger, options.write ?? writeToStderr);
  return class OneLineClientLogger implements Logger {
    trace(params: LogParams) {
      emit("debug", params);
    }
    debug(params: LogParams) {
      emit("debug", params);
    }
    info(params: LogParams) {
      emit("info", params);
    }
    warn(params: WarnLogParams) {
      emit("warn", params);
    }
    error(params: ErrorLogParams) {
      if (isResentRead(params)) emit("warn", params, RESENT_READ);
      else emit("error", params);
    }
  };
}
