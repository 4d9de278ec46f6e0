import { describe, expect, it } from "vitest";
import { keyLookupStatements } from "./key-lookup";

const SELECT = "SELECT tenant_id, response_id FROM db.responses";

describe("keyLookupStatements", () => {
  it("reads the id column first (PREWHERE) and scopes by tenant in WHERE, each set once and escaped", () => {
    const keys = [
      ["t1", "r1"],
      ["t1", "r'2"],
      ["t2", "r1"],
    ];
    expect(keyLookupStatements(SELECT, ["tenant_id", "response_id"], keys)).toEqual([
      `${SELECT} PREWHERE response_id IN (SELECT arrayJoin(['r1', 'r\\'2'])) WHERE tenant_id IN (SELECT arrayJoin(['t1', 't2']))`,
    ]);
  });

  it("puts every column but the last in WHERE", () => {
    const [statement] = keyLookupStatements(
      "SELECT 1 FROM db.rejected_events",
      ["tenant_id", "reason", "dedup_key"],
      [["t", "bad_json", "k1"]],
    );
    expect(statement).toBe(
      "SELECT 1 FROM db.rejected_events PREWHERE dedup_key IN (SELECT arrayJoin(['k1'])) WHERE tenant_id IN (SELECT arrayJoin(['t'])) AND reason IN (SELECT arrayJoin(['bad_json']))",
    );
  });

  it("splits at 10,000 keys per statement and keeps every key", () => {
    const keys = Array.from({ length: 10_001 }, (_, i) => ["t", `r${i}`]);
    const statements = keyLookupStatements(SELECT, ["tenant_id", "response_id"], keys);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toBe(
      `${SELECT} PREWHERE response_id IN (SELECT arrayJoin(['r10000'])) WHERE tenant_id IN (SELECT arrayJoin(['t']))`,
    );
    expect(statements[0]!.match(/'r\d+'/g)).toHaveLength(10_000);
  });

  it("makes no statement for no keys", () => {
    expect(keyLookupStatements(SELECT, ["tenant_id", "response_id"], [])).toEqual([]);
  });
});
