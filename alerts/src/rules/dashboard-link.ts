import { PARAMS, VIEWS, type ViewName, type ViewParam } from "@answerscope/dashboard/routes";
import { durationSeconds } from "../duration";
import { OTHER } from "../metric-names";
import type { RulesConfig } from "./rules-config";

/** A URL parameter of view `V` filled from one of the alert's labels. */
export interface LinkFilter<V extends ViewName> {
  param: ViewParam<V>;
  label: string;
}

/**
 * Where an alert's link lands: a view of the dashboard and the parameters it reads, named by the
 * dashboard's own declarations (dashboard/src/lib/routes.ts), so the typecheck refuses a view or a
 * parameter the dashboard does not have (and dashboard-link.test.ts checks every rendered rule).
 */
export type LinkTarget = {
  [V in ViewName]: {
    view: V;
    /** The alert's labels as the view's filters (tenant, dimension filters, tools). */
    filters: readonly LinkFilter<V>[];
  };
}[ViewName];

/** A link target and the alert's window: the link shows the window plus the configured lead before it. */
export type DashboardLink = LinkTarget & { window: string };

const ISO_8601 = "2006-01-02T15:04:05Z07:00";

/** A Go-template expression printing the evaluation time minus `seconds`, rounded to the minute, as ISO 8601 UTC. */
const evaluationTime = (seconds: number, round: "floor" | "ceil") =>
  `{{ with query "${round}(vector(${seconds > 0 ? `time() - ${seconds}` : "time()"}) / 60) * 60" }}{{ (. | first | value | toTime).UTC.Format "${ISO_8601}" }}{{ end }}`;

/** Literal text inside a Go template: only `{{` would start an action. */
const templateLiteral = (text: string) => text.replaceAll("{{", '{{ "{{" }}');

/**
 * The dashboard_url annotation: a Prometheus template that opens the dashboard on the alert's
 * slice and time (`from`/`to` around the evaluation that fired it). A filter whose label is
 * missing or `other` (the capped rest, not a real value) is left out, so the link still lands
 * on a view that exists.
 */
export function dashboardUrlTemplate(
  config: Pick<RulesConfig, "dashboardBaseUrl" | "dashboardLead">,
  link: DashboardLink,
): string {
  const base = templateLiteral(config.dashboardBaseUrl.replace(/\/+$/, ""));
  const lookback = durationSeconds(link.window) + durationSeconds(config.dashboardLead);
  const filters = link.filters
    .map(
      ({ param, label }) =>
        `{{ if and $labels.${label} (ne $labels.${label} "${OTHER}") }}&${param}={{ $labels.${label} | urlquery }}{{ end }}`,
    )
    .join("");
  return `${base}${VIEWS[link.view].path}?${PARAMS.from}=${evaluationTime(lookback, "floor")}&${PARAMS.to}=${evaluationTime(0, "ceil")}${filters}`;
}
