import { describe, expect, it } from "vitest";
import { alertRuleGroups } from "./alert-rules";
import { dashboardUrlTemplate } from "./dashboard-link";
import { DEFAULT_RULES_CONFIG, resolveRulesConfig } from "./rules-config";

describe("alert rules configuration", () => {
  it("overrides settings one by one and keeps the rest", () => {
    const config = resolveRulesConfig({
      dashboardBaseUrl: "https://dash.example.com/answerscope/",
      thumbsDownSpike: { for: "2s", minSamples: 10 },
    });
    expect(config.thumbsDownSpike).toEqual({ ...DEFAULT_RULES_CONFIG.thumbsDownSpike, for: "2s", minSamples: 10 });
    expect(config.goodAnswerDrop).toEqual(DEFAULT_RULES_CONFIG.goodAnswerDrop);
    const rule = alertRuleGroups(config)[0]!.rules[0]!;
    expect(rule.for).toBe("2s");
    expect(rule.expr).toContain('answerscope_thumbs_down_samples{window="5m"} >= 10');
    expect(rule.annotations.dashboard_url.startsWith("https://dash.example.com/answerscope/feedback?from=")).toBe(true);
  });

  it("rejects a typo or a nonsense value instead of ignoring it", () => {
    expect(() => resolveRulesConfig({ thumbsDownSpike: { minSampels: 10 } })).toThrow(/minSampels/);
    expect(() => resolveRulesConfig({ thumbsDownSpike: { for: "5 minutes" } })).toThrow(/thumbsDownSpike.for/);
    expect(() => resolveRulesConfig({ goodAnswerDrop: { minChange: 2 } })).toThrow(/minChange/);
  });

  it("keeps a base URL from opening a template action", () => {
    const url = dashboardUrlTemplate(
      { dashboardBaseUrl: "http://x/{{ evil }}", dashboardLead: "1h" },
      { view: "effect", filters: [], window: "5m" },
    );
    expect(url.startsWith('http://x/{{ "{{" }} evil }}/effect?from=')).toBe(true);
  });
});
