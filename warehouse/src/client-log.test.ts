import { ClickHouseError } from "@clickhouse/client";
import { describe, expect, it } from "vitest";
import { formatClientLogLine, oneLineClientLogger, type ClientLog } from "./client-log";

/** A value an insert carried, which ClickHouse's exception quotes back. */
const PLANTED = "sk-planted-0123456789";

/** ClickHouse 18.16's exception text for a rejected insert: its code at the head, the value quoted. */
function rejectedInsert(): Error {
  const error = new Error(
    `Code: 27, e.displayText() = DB::Exception: Cannot parse input: ${JSON.stringify(PLANTED)} (version 18.16.1)`,
  );
  expect(error.stack).toContain("\n    at ");
  return error;
}

function textLogger() {
  const lines: string[] = [];
  return { lines, logger: new (oneLineClientLogger({ write: (line) => lines.push(line) }))() };
}

describe("oneLineClientLogger", () => {
  it("writes a failed request as one text line with the error's class, ClickHouse's code and the request's id, no message", () => {
    const { lines, logger } = textLogger();
    logger.error({
      module: "HTTP Adapter",
      message: "Insert: HTTP request error.",
      err: rejectedInsert(),
      args: { operation: "Insert", connection_id: "c-1", query_id: "q-42", with_abort_signal: false, session_id: "" },
    });
    expect(lines).toEqual([
      "[clickhouse client] ERROR HTTP Adapter: Insert: HTTP request error. (operation=Insert query_id=q-42 error_class=Error clickhouse_code=27)",
    ]);
  });

  it("hands each event to the process's logger as fields at its level, with a newer server's code and type", () => {
    const calls: [string, Record<string, unknown>, string][] = [];
    const record = (level: string) => (fields: Record<string, unknown>, message: string) =>
      calls.push([level, fields, message]);
    const log: ClientLog = {
      debug: record("debug"),
      info: record("info"),
      warn: record("warn"),
      error: record("error"),
    };
    const logger = new (oneLineClientLogger({ logger: log }))();
    logger.trace({ module: "m", message: "t" });
    logger.info({ module: "m", message: "i", args: { session_id: "s-1" } });
    const err = new ClickHouseError({
      message: `Cannot parse input: ${JSON.stringify(PLANTED)}`,
      code: "27",
      type: "CANNOT_PARSE_INPUT",
    });
    logger.error({ module: "Connection", message: "Insert: HTTP request error.", err, args: { operation: "Insert" } });
    expect(calls).toEqual([
      ["debug", { component: "clickhouse client", module: "m" }, "t"],
      ["info", { component: "clickhouse client", module: "m", session_id: "s-1" }, "i"],
      [
        "error",
        {
          component: "clickhouse client",
          module: "Connection",
          operation: "Insert",
          error_class: "ClickHouseError",
          clickhouse_code: "27",
          clickhouse_type: "CANNOT_PARSE_INPUT",
        },
        "Insert: HTTP request error.",
      ],
    ]);
    expect(JSON.stringify(calls)).not.toContain(PLANTED);
  });

  it("writes a read on a closed keep-alive socket as a warning, since queryRows sends it again; an insert's stays an error", () => {
    const { lines, logger } = textLogger();
    const hangUp = () => Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    logger.error({
      module: "Connection",
      message: "Query: HTTP request error.",
      err: hangUp(),
      args: { operation: "Query", query_id: "q-1" },
    });
    logger.error({
      module: "Connection",
      message: "Insert: HTTP request error.",
      err: hangUp(),
      args: { operation: "Insert", query_id: "q-2" },
    });
    expect(lines).toEqual([
      "[clickhouse client] WARN Connection: Query: HTTP request error. (operation=Query query_id=q-1 error_class=Error error_code=ECONNRESET); such a read is sent once more, and only a second failure reaches its caller",
      "[clickhouse client] ERROR Connection: Insert: HTTP request error. (operation=Insert query_id=q-2 error_class=Error error_code=ECONNRESET)",
    ]);
  });

  it("leaves out arguments the client did not set", () => {
    expect(
      formatClientLogLine("ERROR", { module: "m", message: "x", args: { operation: "Exec", query_id: undefined } }),
    ).toBe("[clickhouse client] ERROR m: x (operation=Exec)");
  });
});
