import { describe, expect, it } from "vitest";
import { offendingLines, repositorySourceFiles } from "../repository-files";

/** A value quoted by hand in a template literal: `'${...}` (not the empty literal `''` before an interpolation). */
const HAND_QUOTED = /(?<!')'\$\{/;

/** Files that may quote a value themselves, and why. */
const ALLOWED: Record<string, string> = {
  "warehouse/src/sql/escape.ts": "the escaping function itself",
  "dashboard/src/lib/csv.ts": "CSV, not SQL: the spreadsheet-formula guard prefixes a quote",
  "warehouse/src/outcomes/reask-match.test.ts": "asserts how sqlValue rendered each phrase",
  "warehouse/src/sql/hand-quoting.test.ts": "this test",
};

describe("values enter SQL through sqlValue only", () => {
  it("no other source or test file quotes an interpolated value itself", () => {
    const files = repositorySourceFiles();
    // The walk found the workspace, not an empty folder.
    expect(files).toContain("warehouse/src/sql/escape.ts");
    expect(offendingLines(files, ALLOWED, (line) => HAND_QUOTED.test(line))).toEqual([]);
  });
});
