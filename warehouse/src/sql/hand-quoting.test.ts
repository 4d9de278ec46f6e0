import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT as ROOT, repositorySourceFiles } from "../repository-files";


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
    const offending = files
      .filter((file) => !(file in ALLOWED))
      .flatMap((file) =>
        readFileSync(join(ROOT, file), "utf8")
          .split("\n")
          .flatMap((line, index) => (HAND_QUOTED.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offending).toEqual([]);
  });
});
