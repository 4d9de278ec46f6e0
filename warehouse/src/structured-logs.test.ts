import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { offendingLines, REPOSITORY_ROOT, repositorySourceFiles } from "./repository-files";

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
};

describe("services log through their structured logger", () => {
  it("no service source writes console lines, commands for a person aside", () => {
    const files = repositorySourceFiles().filter((file) => SERVICE_SOURCE.test(file));
    // The walk found the services, not an empty folder.
    expect(files).toContain("warehouse/src/langfuse/service.ts");
    expect(offendingLines(files, ALLOWED, (line) => CONSOLE_LINE.test(line))).toEqual([]);
  });
});

/** The text of each `createWarehouse(...)` call in `source`, up to its closing parenthesis. */
function createWarehouseCalls(source: string): string[] {
  return [...source.matchAll(/\bcreateWarehouse\(/g)].map((match) => {
    let depth = 0;
    for (let i = match.index + "createWarehouse".length; i < source.length; i++) {
      depth += source[i] === "(" ? 1 : source[i] === ")" ? -1 : 0;
      if (depth === 0) return source.slice(match.index, i + 1);
    }
    return source.slice(match.index);
  });
}

/** Processes whose ClickHouse client may write its text lines to stderr, and why. */
const TEXT_CLIENT_LOG: Record<string, string> = {
  "warehouse/src/client.ts": "where createWarehouse is declared",
  "server/src/erase/main.ts": ALLOWED["server/src/erase/main.ts"]!,
  "server/src/retention/main.ts": ALLOWED["server/src/retention/main.ts"]!,
  "server/src/keys/main.ts": ALLOWED["server/src/keys/main.ts"]!,
  "warehouse/src/migrate/cli.ts": ALLOWED["warehouse/src/migrate/cli.ts"]!,
};

describe("services hand their logger to the ClickHouse client", () => {
  it("every service's createWarehouse is given the process's logger, so the client's lines are JSON", () => {
    const files = repositorySourceFiles().filter((file) => SERVICE_SOURCE.test(file) && !(file in TEXT_CLIENT_LOG));
    const calls = files.flatMap((file) =>
      createWarehouseCalls(readFileSync(join(REPOSITORY_ROOT, file), "utf8")).map((call) => ({ file, call })),
    );
    // The services were found: the collector's, the API's, the exporter's, serve's and more.
    expect(calls.length).toBeGreaterThanOrEqual(6);
    expect(calls.filter(({ call }) => !/\blogger\b/.test(call))).toEqual([]);
  });
});
