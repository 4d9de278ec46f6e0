import { describe, expect, it } from "vitest";
import { spawnEntry } from "@answerscope/test-kit";

// The product's commands on a mistake and on --help (server/src/command-line.ts): they answer
// before opening any warehouse, so none is started here.

const COMMANDS = [
  { name: "serve", entry: "server/src/main.ts", mistake: ["--roles", "worker"], says: 'unknown role "worker"' },
  {
    name: "keys",
    entry: "server/src/keys/main.ts",
    mistake: ["revoke", "key_1"],
    says: "unknown or incomplete command: revoke key_1",
  },
  {
    name: "erase",
    entry: "server/src/erase/main.ts",
    mistake: ["--tenant", "acme"],
    says: "both --tenant and --user are required",
  },
] as const;

async function run(entry: string, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const { exited, output } = spawnEntry(entry, {}, args);
  return { code: await exited, output: output() };
}

describe.each(COMMANDS)("answerscope $name", ({ name, entry, mistake, says }) => {
  it("names the mistake, then shows the usage, and exits with 2", async () => {
    const { code, output } = await run(entry, mistake);
    expect(code).toBe(2);
    expect(output.startsWith(`${name}: `)).toBe(true);
    expect(output.split("\n")[0]).toContain(says);
    expect(output).toContain(`\n\nUsage: answerscope ${name}`);
  });

  it("shows the usage alone for --help and exits with 0", async () => {
    const { code, output } = await run(entry, ["--help"]);
    expect(code).toBe(0);
    expect(output.startsWith(`Usage: answerscope ${name}`)).toBe(true);
  });
});
