import { DIMENSIONS } from "./dimensions";

/**
 * The dashboard's addresses, declared once: each view's path and the query parameters it reads,
 * the parameter name of each field of the URL state, and the old addresses still answered. The
 * pages, the navigation and url-state.ts take them from here, and so do the alert rules
 * (alerts/src/rules/), so a link an alert sends names only a view and parameters that exist.
 * Plain data, no Next.js or React: the alerts package imports this file (`@answerscope/dashboard/routes`).
 */

/** The query parameter of each field of the URL state; a dimension filter's parameter is the dimension's name. */
export const PARAMS = {
  tenant: "tenant",
  from: "from",
  to: "to",
  range: "range",
  slice: "slice",
  bucket: "bucket",
  tools: "tool",
  metric: "metric",
  dimension: "dimension",
  a: "a",
  b: "b",
  samples: "samples",
  reason: "reason",
  cursor: "cursor",
  rejectedReason: "rejected_reason",
  cellLabel: "cell_label",
  cellExternal: "cell_external",
} as const;

/** Whose data and which time: what every view reads. */
const TENANT_AND_TIME = [PARAMS.tenant, PARAMS.from, PARAMS.to, PARAMS.range] as const;
/** Plus the dimension filters, for the views whose filter bar shows them. */
const FILTERED = [...TENANT_AND_TIME, ...DIMENSIONS] as const;

/** The views of the navigation, in its order: path, nav label and the query parameters the view reads. */
export const VIEWS = {
  effect: { path: "/effect", label: "Effect", params: [...FILTERED, PARAMS.slice, PARAMS.bucket] },
  diagnostics: {
    path: "/diagnostics",
    label: "Diagnostics",
    params: [...FILTERED, PARAMS.slice, PARAMS.bucket, PARAMS.tools],
  },
  feedback: {
    path: "/feedback",
    label: "Negative feedback",
    params: [...FILTERED, PARAMS.samples, PARAMS.reason, PARAMS.cursor],
  },
  compare: {
    path: "/compare",
    label: "Compare",
    params: [...FILTERED, PARAMS.metric, PARAMS.dimension, PARAMS.a, PARAMS.b],
  },
  attribution: { path: "/attribution", label: "Attribution", params: [...FILTERED] },
  rejected: { path: "/rejected", label: "Rejected events", params: [...TENANT_AND_TIME, PARAMS.rejectedReason] },
  agreement: {
    path: "/agreement",
    label: "Label agreement",
    params: [...FILTERED, PARAMS.cellLabel, PARAMS.cellExternal],
  },
} as const;
export type ViewName = keyof typeof VIEWS;
/** Where the dashboard opens (the root, a login without a destination, the not-found page's link). */
export const HOME_PATH = VIEWS.effect.path;
/** The query parameters view `V` reads. */
export type ViewParam<V extends ViewName> = (typeof VIEWS)[V]["params"][number];

/** The detail page of one response (reads the same parameters as the samples it is opened from). */
export const responsePath = (responseId: string) => `/responses/${encodeURIComponent(responseId)}`;

/** Every parameter some view reads. */
const ALL_PARAMS: readonly string[] = [...new Set(Object.values(VIEWS).flatMap((view) => view.params))];

/**
 * The query parameters the page at `pathname` reads: a view's own; any other page (the response
 * detail) keeps every view's, since it links back with the state it was opened from.
 */
export function paramsOf(pathname: string): readonly string[] {
  return Object.values(VIEWS).find((view) => view.path === pathname)?.params ?? ALL_PARAMS;
}

/** Whether some view of the dashboard reads `param` (a link naming it elsewhere is told "not on this view", not "unknown"). */
export const isKnownParam = (param: string): boolean => ALL_PARAMS.includes(param);

/**
 * Addresses that links already sent (alert notifications, bookmarks) still use: an old path and
 * the view it became, and old parameter names and the ones that replaced them. legacy-links.ts
 * redirects them.
 */
export const LEGACY_PATHS: Readonly<Record<string, string>> = { "/negative-feedback": VIEWS.feedback.path };
export const LEGACY_PARAMS: Readonly<Record<string, string>> = { tool_name: PARAMS.tools };
