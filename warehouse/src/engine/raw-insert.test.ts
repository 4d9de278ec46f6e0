import { describe, expect, it } from "vitest";
import { rawInsertTarget } from "./raw-insert";

describe("the inserts that take chDB's raw path", () => {
  it("are insertRows' statements: a table, qualified or not, and JSONEachRow", () => {
    expect(rawInsertTarget("INSERT INTO answerscope.responses FORMAT JSONEachRow")).toEqual({
      table: "answerscope.responses",
      format: "JSONEachRow",
    });
    expect(rawInsertTarget(" INSERT INTO probe FORMAT JSONEachRow\n")).toEqual({
      table: "probe",
      format: "JSONEachRow",
    });
  });

  it("are no other statement, which exec sends as text", () => {
    for (const query of [
      "INSERT INTO t FORMAT CSV",
      "INSERT INTO t (a, b) FORMAT JSONEachRow",
      "INSERT INTO t SELECT * FROM u",
      "INSERT INTO `t` FORMAT JSONEachRow",
      "INSERT INTO t.u.v FORMAT JSONEachRow",
      "SELECT 1 FORMAT JSONEachRow",
    ])
      expect(rawInsertTarget(query)).toBeUndefined();
  });
});
