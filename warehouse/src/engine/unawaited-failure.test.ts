// What the embedded connection logs for a failure no caller waits for (a kill, an idle session's close).
import { describe, expect, it } from "vitest";
import { oneLineClientLogger } from "../client-log";
import { logUnawaitedFailure } from "./embedded-connection";

describe("logUnawaitedFailure", () => {
  it("writes one line with the error's class and code, never the engine's message", () => {
    const lines: string[] = [];
    const log = new (oneLineClientLogger({ write: (line) => lines.push(line) }))();
    const error = new Error("Code: 394. DB::Exception: Query was cancelled: SELECT 'sk-live-planted' FROM t");
    logUnawaitedFailure(log, "killing a statement failed", { query_id: "tag-1" }, error);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Embedded: killing a statement failed");
    expect(lines[0]).toContain("query_id=tag-1");
    expect(lines[0]).toContain("clickhouse_code=394");
    expect(lines[0]).not.toContain("sk-live-planted");
  });

  it("goes through the process's logger as fields when it has one", () => {
    const calls: [Record<string, unknown>, string][] = [];
    const record = (fields: Record<string, unknown>, message: string) => void calls.push([fields, message]);
    const log = new (oneLineClientLogger({ logger: { info: record, warn: record, error: record } }))();
    logUnawaitedFailure(log, "closing an idle session failed", { session_id: "s-9" }, "not an Error");
    expect(calls).toEqual([
      [
        { component: "clickhouse client", module: "Embedded", session_id: "s-9", error_class: "Error" },
        "closing an idle session failed",
      ],
    ]);
  });
});
