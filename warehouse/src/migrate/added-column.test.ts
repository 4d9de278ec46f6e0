import { describe, expect, it } from "vitest";
import { addedColumnOf } from "./added-column";

describe("addedColumnOf", () => {
  it("reads the table and column of a rendered single-node or cluster ADD COLUMN", () => {
    expect(addedColumnOf("ALTER TABLE d.tool_call_events  ADD COLUMN becomes_first UInt8 DEFAULT 0")).toEqual({
      database: "d",
      table: "tool_call_events",
      column: "becomes_first",
    });
    expect(addedColumnOf("ALTER TABLE d.t_local ON CLUSTER c ADD COLUMN x UInt64 DEFAULT 0")).toEqual({
      database: "d",
      table: "t_local",
      column: "x",
    });
  });

  it("leaves other statements, IF NOT EXISTS and several clauses to ClickHouse", () => {
    expect(addedColumnOf("ALTER TABLE d.t DROP COLUMN x")).toBeUndefined();
    expect(addedColumnOf("ALTER TABLE d.t ADD COLUMN IF NOT EXISTS x UInt8")).toBeUndefined();
    expect(addedColumnOf("ALTER TABLE d.t ADD COLUMN x UInt8, ADD COLUMN y UInt8")).toBeUndefined();
    expect(addedColumnOf("CREATE TABLE d.t (x UInt8) ENGINE = Memory")).toBeUndefined();
  });
});
