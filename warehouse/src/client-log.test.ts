import { describe, expect, it } from "vitest";
import { formatClientLogLine, oneLineClientLogger } from "./client-log";

function failedQuery(): Error {
  const error = new Error("Table x.missing doesn't exist.\n\n (version 18.16.1)");
  expect(error.stack).toContain("\n    at ");
  return error;
}

describe("oneLineClientLogger", () => {
  it("writes a failed request as one line with ClickHouse's message and the request's id, without the stack", () => {
    const lines: string[] = [];
    const Logger = oneLineClientLogger((line) => lines.push(line));
    new Logger().error({
      module: "HTTP Adapter",
      message: "Query: HTTP request error.",
      err: failedQuery(),
      args: { operation: "Query", connection_id: "c-1", query_id: "q-42", with_abort_signal: false, session_id: "" },
    });
    expect(lines).toEqual([
      "[clickhouse client] ERROR HTTP Adapter: Query: HTTP request error.: Table x.missing doesn't exist. (version 18.16.1) (operation=Query query_id=q-42)",
    ]);
  });

  it("writes every level through the same writer, one line each", () => {
    const lines: string[] = [];
    const logger = new (oneLineClientLogger((line) => lines.push(line)))();
    logger.trace({ module: "m", message: "t" });
    logger.debug({ module: "m", message: "d" });
    logger.info({ module: "m", message: "i", args: { session_id: "s-1" } });
    logger.warn({ module: "m", message: "w", err: new Error("socket\nhang up") });
    expect(lines).toEqual([
      "[clickhouse client] TRACE m: t",
      "[clickhouse client] DEBUG m: d",
      "[clickhouse client] INFO m: i (session_id=s-1)",
      "[clickhouse client] WARN m: w: socket hang up",
    ]);
  });

  it("writes a read on a closed keep-alive socket as a warning, since queryRows sends it again; an insert's stays an error", () => {
    const lines: string[] = [];
    const logger = new (oneLineClientLogger((line) => lines.push(line)))();
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
      "[clickhouse client] WARN Connection: Query: HTTP request error.: socket hang up (operation=Query query_id=q-1); such a read is sent once more, and only a second failure reaches its caller",
      "[clickhouse client] ERROR Connection: Insert: HTTP request error.: socket hang up (operation=Insert query_id=q-2)",
    ]);
  });

  it("leaves out arguments the client did not set", () => {
    expect(
      formatClientLogLine("ERROR", { module: "m", message: "x", args: { operation: "Exec", query_id: undefined } }),
    ).toBe("[clickhouse client] ERROR m: x (operation=Exec)");
  });
});
