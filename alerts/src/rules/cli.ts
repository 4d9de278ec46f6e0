import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { renderRuleFile } from "./render-rules";
import { resolveRulesConfig } from "./rules-config";

/** Where the committed renderings live: the deployable rule file and the one promtool's unit tests load. */
export const RULES_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../rules");
export const RULE_FILE = join(RULES_DIR, "answerscope-alerts.yml");
export const UNIT_TEST_RULE_FILE = join(RULES_DIR, "tests/answerscope-alerts.links-only.yml");

// Writes the Prometheus rule file from the rule definitions and a configuration:
//   npm run -w @answerscope/alerts rules                                   (both committed files, defaults)
//   npm run -w @answerscope/alerts rules -- --config overrides.json --out my-rules.yml
// DASHBOARD_BASE_URL, when set, overrides the configuration's dashboard base URL.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { config: { type: "string" }, out: { type: "string" } } });
  const overrides = values.config ? (JSON.parse(readFileSync(values.config, "utf8")) as Record<string, unknown>) : {};
  if (process.env.DASHBOARD_BASE_URL) overrides.dashboardBaseUrl = process.env.DASHBOARD_BASE_URL;
  const config = resolveRulesConfig(overrides);
  const customized = values.config !== undefined || process.env.DASHBOARD_BASE_URL !== undefined;
  if (customized && !values.out) {
    console.error("a customized rendering needs --out: the committed files are the defaults");
    process.exit(2);
  }
  if (values.out) {
    writeFileSync(values.out, renderRuleFile(config));
    console.log(`wrote ${values.out}`);
  } else {
    writeFileSync(RULE_FILE, renderRuleFile(config));
    writeFileSync(UNIT_TEST_RULE_FILE, renderRuleFile(config, { annotations: "links-only" }));
    console.log(`wrote ${RULE_FILE} and ${UNIT_TEST_RULE_FILE}`);
  }
}
