import { describe, expect, it } from "vitest";
import { offendingLines, repositorySourceFiles } from "./repository-files";

/** The services' code: what runs in a service process, whose lines are the operator's JSON log. */
const SERVICE_SOURCE = /^(warehouse|ingest|api|alerts|evaluator|runtime|server)\/src\/.*(?<!\.test)\.ts$/;

/** A console line: unstructured text, no level an operator can filter by, nothing redacted. */
const CONSOLE_LINE = /\bconsole\.(log|info|warn|error|debug|trace)\(/;

/** Files that may write to the console, and why. */
const ALLOWED: Record<string, string> = {
  "alerts/src/rules/cli.ts": "a command whose output is for a person at a terminal",
  "server/src/command-line.ts": "a command's usage and usage errors, for a person",
  "server/src/erase/main.ts": "answerscope erase: its report is for the person who ran it",
  "server/src/retention/main.ts": "answerscope retention: its lines and summary are for the person who ran it",
  "server/src/keys/main.ts": "answerscope keys: the created secret and the list are for the person who ran it",
  "warehouse/src/migrate/cli.ts": "the migration command's summary, for a person",
  "warehouse/src/client-log.ts": "the ClickHouse client's default line writer, when the process passes none",
  "warehouse/src/engine/embedded-connection.ts": "not done yet: an idle chDB session that fails to close",
};

describe("services log through their structured logger", () => {
  it("no service source writes console lines, commands for a person aside", () => {
    const files = repositorySourceFiles().filter((file) => SERVICE_SOURCE.test(file));
    // The walk found the services, not an empty folder.
    expect(files).toContain("warehouse/src/langfuse/service.ts");
    expect(offendingLines(files, ALLOWED, (line) => CONSOLE_LINE.test(line))).toEqual([]);
  });
});
