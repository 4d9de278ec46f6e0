import { VIEWS } from "@answerscope/dashboard/routes";
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { alertRuleGroups } from "./alert-rules";
import { RULE_FILE, RULES_DIR, UNIT_TEST_RULE_FILE } from "./cli";
import { renderRuleFile } from "./render-rules";
import { DEFAULT_RULES_CONFIG } from "./rules-config";

const run = promisify(execFile);
const TESTS_DIR = join(RULES_DIR, "tests");
const testFiles = readdirSync(TESTS_DIR)
  .filter((name) => name.endsWith(".test.yml"))
  .map((name) => join(TESTS_DIR, name));

/** promtool with its output, so a failure shows promtool's own report. */
async function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run("promtool", args, { timeout: 60_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (failed.code === "ENOENT")
      throw new Error("promtool is not installed: run scripts/install-system-deps.sh (Debian package prometheus)");
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      output: `${failed.stdout ?? ""}${failed.stderr ?? ""}`,
    };
  }
}

interface PromtoolTestFile {
  tests: { alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[];
}

describe("alert rules", () => {
  it("are committed exactly as the definitions render them (run `npm run -w @answerscope/alerts rules` after a change)", () => {
    expect(readFileSync(RULE_FILE, "utf8")).toBe(renderRuleFile(DEFAULT_RULES_CONFIG));
    expect(readFileSync(UNIT_TEST_RULE_FILE, "utf8")).toBe(
      renderRuleFile(DEFAULT_RULES_CONFIG, { annotations: "links-only" }),
    );
  });

  it("pass promtool check rules", async () => {
    for (const file of [RULE_FILE, UNIT_TEST_RULE_FILE]) {
      const result = await promtool("check", "rules", file);
      expect(result.code, result.output).toBe(0);
    }
  }, 30_000);

  it("pass their promtool unit tests", async () => {
    const result = await promtool("test", "rules", ...testFiles);
    expect(result.code, result.output).toBe(0);
  }, 60_000);

  it("each have unit tests that see them fire and stay silent (normal traffic, small samples, gaps)", () => {
    const cases = new Map<string, { fires: number; silent: number }>();
    for (const file of testFiles) {
      const parsed = parse(readFileSync(file, "utf8")) as PromtoolTestFile;
      for (const test of parsed.tests) {
        for (const check of test.alert_rule_test ?? []) {
          const counts = cases.get(check.alertname) ?? { fires: 0, silent: 0 };
          if ((check.exp_alerts ?? []).length > 0) counts.fires++;
          else counts.silent++;
          cases.set(check.alertname, counts);
        }
      }
    }
    const alertNames = new Set(
      alertRuleGroups(DEFAULT_RULES_CONFIG).flatMap((group) => group.rules.map((rule) => rule.alert)),
    );
    for (const alert of alertNames) {
      expect(cases.get(alert)?.fires ?? 0, `${alert} has no firing case`).toBeGreaterThanOrEqual(1);
      // Normal traffic, a small sample (or a short blip) and a gap: three silent cases at least.
      expect(cases.get(alert)?.silent ?? 0, `${alert} has too few silent cases`).toBeGreaterThanOrEqual(3);
    }
  });

  it("carry a severity, a summary, a description, a runbook and a dashboard link each", () => {
    for (const group of alertRuleGroups(DEFAULT_RULES_CONFIG)) {
      for (const rule of group.rules) {
        expect(["critical", "warning", "info"]).toContain(rule.labels.severity);
        for (const annotation of ["summary", "description", "runbook", "dashboard_url"] as const)
          expect(rule.annotations[annotation].length, `${rule.alert} ${annotation}`).toBeGreaterThan(10);
        expect(rule.annotations.dashboard_url.startsWith(`${DEFAULT_RULES_CONFIG.dashboardBaseUrl}/`)).toBe(true);
      }
    }
    const thumbsDown = alertRuleGroups(DEFAULT_RULES_CONFIG)
      .flatMap((g) => g.rules)
      .filter((rule) => rule.alert === "AnswerscopeThumbsDownSpike");
    for (const rule of thumbsDown) expect(rule.annotations.dashboard_url).toContain(`${VIEWS.feedback.path}?`);
  });
});
