/** The two template actions dashboard-link.ts writes: a time around the evaluation, and a filter from a label. */
const TIME_ACTION =
  /\{\{ with query "(floor|ceil)\(vector\(time\(\)(?: - (\d+))?\) \/ 60\) \* 60" \}\}.*?\{\{ end \}\}/g;
const FILTER_ACTION =
  /\{\{ if and \$labels\.(\w+) \(ne \$labels\.\1 "other"\) \}\}&(\w+)=\{\{ \$labels\.\1 \| urlquery \}\}\{\{ end \}\}/g;

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/**
 * A rule's dashboard_url as Prometheus expands it for an alert evaluated at `evaluatedAtMs` with
 * `labels`, for tests that follow or check a link without running Prometheus. A label that is
 * missing or `other` leaves its filter out, as the template does. Any other template action is
 * left in the text, so a new kind of link shows up as `{{` in the result.
 */
export function expandDashboardUrl(
  template: string,
  evaluatedAtMs: number,
  labels: (label: string) => string | undefined,
): string {
  return template
    .replace(TIME_ACTION, (_, round: string, seconds?: string) => {
      const ms = evaluatedAtMs - Number(seconds ?? 0) * 1000;
      return iso(round === "floor" ? Math.floor(ms / 60_000) * 60_000 : Math.ceil(ms / 60_000) * 60_000);
    })
    .replace(FILTER_ACTION, (_, label: string, param: string) => {
      const value = labels(label);
      return value === undefined || value === "other" ? "" : `&${param}=${encodeURIComponent(value)}`;
    });
}
