import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".next", ".data", ".git", ".turbo"]);

/** A value quoted by hand in a template literal: `'${...}` (not the empty literal `''` before an interpolation). */
const HAND_QUOTED = /(?<!')'\$\{/;

/** Files that may quote a value themselves, and why. */
const ALLOWED: Record<string, string> = {
  "warehouse/src/sql/escape.ts": "the escaping function itself",
  "dashboard/src/lib/csv.ts": "CSV, not SQL: the spreadsheet-formula guard prefixes a quote",
  "warehouse/src/outcomes/reask-match.test.ts": "asserts how sqlValue rendered each phrase",
  "warehouse/src/sql/hand-quoting.test.ts": "this test",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(join(dir, entry.name));
    return /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

describe("values enter SQL through sqlValue only", () => {
  it("no other source or test file quotes an interpolated value itself", () => {
    const files = sourceFiles(ROOT).map((file) => relative(ROOT, file).split("\\").join("/"));
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
