import { PARAMS, VIEWS } from "@answerscope/dashboard/routes";
import { parseViewState, serializeViewState } from "@answerscope/dashboard/url-state";
import { describe, expect, it } from "vitest";
import { durationSeconds } from "../duration";
import { alertRuleGroups, type AlertRule } from "./alert-rules";
import { expandDashboardUrl } from "./expand-dashboard-link";
import { DEFAULT_RULES_CONFIG, resolveRulesConfig } from "./rules-config";

const EVALUATED_AT_MS = Date.parse("2026-12-07T10:00:00Z");
/**
 * A rule's dashboard_url as Prometheus expands it for an alert evaluated at EVALUATED_AT_MS whose
 * labels all have a value (labelValue). Any other template action is left in, and fails the test:
 * a new kind of link needs a look here.
 */
function expand(rule: AlertRule): URL {
  const url = expandDashboardUrl(rule.annotations.dashboard_url, EVALUATED_AT_MS, labelValue);
  expect(url, rule.alert).not.toContain("{{");
  return new URL(url);
}

/** A tenant id as the contract allows it; any other label with a space, a slash and a non-ASCII letter, to see the escaping. */
const labelValue = (label: string) => (label === "tenant" ? "acme.eu-1" : `${label} value/β`);
const viewAt = (pathname: string) => Object.values(VIEWS).find((view) => view.path === pathname);
const rules = (config = DEFAULT_RULES_CONFIG) => alertRuleGroups(config).flatMap((group) => group.rules);

describe("every alert's dashboard link", () => {
  it("opens a view the dashboard declares, with only parameters that view reads, each read as sent", () => {
    for (const rule of rules()) {
      const url = expand(rule);
      const view = viewAt(url.pathname);
      expect(view, `${rule.alert}: ${url.pathname} is not a view of the dashboard`).toBeDefined();
      for (const param of new Set(url.searchParams.keys()))
        expect(view!.params as readonly string[], `${rule.alert}: ${url.pathname} does not read ${param}`).toContain(
          param,
        );
      // Read by the dashboard's own parser and written back: a parameter it ignored would be gone.
      const state = parseViewState(url.searchParams);
      const readBack = serializeViewState(state);
      for (const param of url.searchParams.keys()) {
        if (param === PARAMS.from || param === PARAMS.to) continue;
        expect(readBack.getAll(param), `${rule.alert}: ${param}`).toEqual(url.searchParams.getAll(param));
      }
      // The window: the alert's evaluation time, and its window plus the lead before it (rounded out to minutes).
      expect(state.range.kind, rule.alert).toBe("custom");
      if (state.range.kind !== "custom") continue;
      expect(Date.parse(state.range.to), rule.alert).toBe(EVALUATED_AT_MS);
      const shownSeconds = (EVALUATED_AT_MS - Date.parse(state.range.from)) / 1000;
      const leadSeconds = durationSeconds(DEFAULT_RULES_CONFIG.dashboardLead);
      expect(shownSeconds, rule.alert).toBeGreaterThanOrEqual(leadSeconds + 60);
      // A windowed rule shows exactly its window and the lead, the start rounded down to the minute.
      const window = rule.labels.window;
      if (window)
        expect(shownSeconds - durationSeconds(window) - leadSeconds, `${rule.alert} ${window}`).toBeGreaterThanOrEqual(
          0,
        );
      if (window)
        expect(shownSeconds - durationSeconds(window) - leadSeconds, `${rule.alert} ${window}`).toBeLessThan(60);
    }
  });

  it("puts a slice's alert on that slice: thumbs-down on the feedback samples, tools on the tool filter", () => {
    const byAlert = (name: string) =>
      rules()
        .filter((rule) => rule.alert === name)
        .map(expand);
    for (const url of byAlert("AnswerscopeThumbsDownSpike")) {
      expect(url.pathname).toBe(VIEWS.feedback.path);
      expect(parseViewState(url.searchParams)).toMatchObject({
        tenant: "acme.eu-1",
        filters: { model: ["model value/β"], channel: ["channel value/β"] },
        samples: "down",
      });
    }
    for (const url of byAlert("AnswerscopeToolSuccessRateDrop")) {
      expect(url.pathname).toBe(VIEWS.diagnostics.path);
      expect(parseViewState(url.searchParams).tools).toEqual(["tool_name value/β"]);
    }
  });

  it("keeps to the dashboard's paths under a base URL with a path", () => {
    const config = resolveRulesConfig({ dashboardBaseUrl: "https://ops.example.com/answerscope/" });
    const paths = new Set(Object.values(VIEWS).map((view) => `/answerscope${view.path}`));
    for (const rule of rules(config)) expect(paths, rule.alert).toContain(expand(rule).pathname);
  });
});
