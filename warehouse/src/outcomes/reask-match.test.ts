import { REASK_PHRASES } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { reaskMatchSql } from "./reask-match";

describe("reaskMatchSql", () => {
  it("tests every phrase of the contracts' list", () => {
    const sql = reaskMatchSql("q");
    for (const phrase of REASK_PHRASES) expect(sql).toContain(`'${phrase.replaceAll("'", "\\'")}'`);
  });

  it("normalizes the text as isReask does: lower case, ’ read as '", () => {
    expect(reaskMatchSql("q", ["x"])).toBe("(position(replaceAll(lowerUTF8(q), '’', '\\''), 'x') > 0)");
  });

  it("lower-cases and escapes the phrases it is given", () => {
    expect(reaskMatchSql("q", ["It's \\ WRONG"])).toContain("'it\\'s \\\\ wrong'");
  });

  it("matches nothing with no phrases", () => {
    expect(reaskMatchSql("q", [])).toBe("0");
  });
});
