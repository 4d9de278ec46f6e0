import { describe, expect, it } from "vitest";
import { offendingLines, repositoryTextFiles } from "./repository-files";

// The contract documents the product was first written against live outside the repository; a
// reader can follow only references into docs/. Spelled in parts so this file does not cite them.
const OUTSIDE_DOCUMENTS = ["metrics", "events", "api"].map((name) => `${name}-v1.md`);

const APPLIED_MIGRATION = "an applied migration: its checksum covers its comments, so it is never edited";

/** Files that may still name an outside document, and why. */
const ALLOWED: Record<string, string> = {
  "sql/migrations/0002_metrics_5m.sql": APPLIED_MIGRATION,
  "sql/migrations/0003_response_labels.sql": APPLIED_MIGRATION,
  "sql/migrations/0007_tool_call_firsts.sql": APPLIED_MIGRATION,
  "sql/migrations/0011_label_tool_counts.sql": APPLIED_MIGRATION,
  "sql/migrations/0012_tool_call_states.sql": APPLIED_MIGRATION,
};

describe("references stay inside the repository", () => {
  it("no source, test, generated or doc file cites a contract document outside it", () => {
    const files = repositoryTextFiles();
    // The walk found code, docs and the generated OpenAPI document, not an empty folder.
    expect(files).toEqual(expect.arrayContaining(["warehouse/src/sql/escape.ts", "docs/api.md", "api/openapi.json"]));
    const cites = (line: string) => OUTSIDE_DOCUMENTS.some((name) => line.includes(name));
    expect(offendingLines(files, ALLOWED, cites)).toEqual([]);
  });
});
