import type { ErrorLogParams, Logger, LogParams, WarnLogParams } from "@clickhouse/client";
import { isStaleSocketError } from "./stale-socket";

export type LogLineWriter = (line: string) => void;

const writeToStderr: LogLineWriter = (line) => console.error(line);

/** The call's own fields worth a log line; the client adds a connection id and flags besides. */
const KEPT_ARGS = ["operation", "query_id", "session_id"] as const;

/** One line for one client event: level, module, message, the error's own message, and which request. */
export function formatClientLogLine(level: string, params: LogParams & { err?: Error }): string {
  const cause = params.err ? `: ${params.err.message.replace(/\s+/g, " ").trim()}` : "";
  const args = KEPT_ARGS.flatMap((key) => {
    const value = params.args?.[key];
    return value === undefined || value === "" ? [] : [`${key}=${String(value)}`];
  });
  return `[clickhouse client] ${level} ${params.module}: ${params.message}${cause}${args.length ? ` (${args.join(" ")})` : ""}`;
}

/**
 * The client's logger with one line per event and no stack. The client logs every failed request
 * at ERROR with its stack, and the same error also rejects the caller's promise, whose code reports
 * it with what it was doing (a 503, a retried run, a halved evaluation chunk); the client's own
 * multi-line copy made a handled condition read like a crash. The ClickHouse message and the query
 * id stay, to find the statement in `system.query_log`.
 */
export function oneLineClientLogger(write: LogLineWriter = writeToStderr): new () => Logger {
  return class OneLineClientLogger implements Logger {
    trace(params: LogParams) {
      write(formatClientLogLine("TRACE", params));
    }
    debug(params: LogParams) {
      write(formatClientLogLine("DEBUG", params));
    }
    info(params: LogParams) {
      write(formatClientLogLine("INFO", params));
    }
    warn(params: WarnLogParams) {
      write(formatClientLogLine("WARN", params));
    }
    error(params: ErrorLogParams) {
      // A read on a closed keep-alive socket is sent again by queryRows: a warning, unless that fails too.
      if (params.args?.operation === "Query" && isStaleSocketError(params.err))
        write(
          `${formatClientLogLine("WARN", params)}; such a read is sent once more, and only a second failure reaches its caller`,
        );
      else write(formatClientLogLine("ERROR", params));
    }
  };
}
