import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { RULES_DIR } from "./cli";

const run = promisify(execFile);
const CONFIG_DIR = join(RULES_DIR, "../config");

async function check(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { timeout: 30_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (failed.code === "ENOENT") throw new Error(`${command} is not installed: run scripts/install-system-deps.sh`);
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      output: `${failed.stdout ?? ""}${failed.stderr ?? ""}`,
    };
  }
}

/** The configs docker-compose.yml mounts: Prometheus (with the generated rules) and the Alertmanager example. */
describe("deployment configs", () => {
  it("Prometheus config is valid and loads the generated rules", async () => {
    const result = await check("promtool", ["check", "config", join(CONFIG_DIR, "prometheus.yml")]);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("answerscope-alerts.yml");
  }, 30_000);

  it("Alertmanager config is valid", async () => {
    const result = await check("amtool", ["check-config", join(CONFIG_DIR, "alertmanager.yml")]);
    expect(result.code, result.output).toBe(0);
  }, 30_000);
});
