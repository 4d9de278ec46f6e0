/**
 * A metric's value on a service's Prometheus page (`GET /metrics` on `port`): the sum of its
 * series, labelled or not. 0 when the page declares the metric but has no series yet (a labelled
 * counter before its first increment); NaN when the page does not declare it at all, so a renamed
 * or missing metric is never read as zero.
 */
export async function metricValue(port: number, name: string): Promise<number> {
  const page = await fetch(`http://127.0.0.1:${port}/metrics`).then((res) => res.text());
  if (!new RegExp(`^# TYPE ${name} `, "m").test(page)) return Number.NaN;
  return [...page.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "gm"))].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}
