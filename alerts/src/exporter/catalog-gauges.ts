import { ALERTABLE_METRICS, METRIC_CATALOG, METRIC_COUNTS, type AlertableMetricName } from "@answerscope/warehouse";

// The gauges of the catalog's alertable metrics (docs/metrics.md), derived from the catalog: which
// metrics, their Prometheus names, their labels and whether a rate has its own samples gauge. What
// the exporter adds by hand is only how its window counts each one (the help text). Alert rules
// and their promtool tests watch these names, so the naming rule below keeps the names they have.

/** Names kept from before the rule: `answerscope_window_responses`, `answerscope_max_iteration_ratio`. */
const STEM_EXCEPTIONS = { response_count: "window_responses", max_iteration_hit_rate: "max_iteration" } as const;

type Catalog = typeof METRIC_CATALOG;
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type Stem<N extends AlertableMetricName> = N extends keyof typeof STEM_EXCEPTIONS
  ? (typeof STEM_EXCEPTIONS)[N]
  : N extends `${infer S}_rate`
    ? S
    : N extends `${infer S}_ms`
      ? S
      : N;
type IsRate<N extends AlertableMetricName> = Catalog[N] extends { kind: "rate" } ? true : false;
/** A rate over responses shares `windowResponses` as its sample count; any other rate has its own. */
type HasSamples<N extends AlertableMetricName> = Catalog[N] extends {
  kind: "rate";
  denominator: readonly ["responses"];
}
  ? false
  : IsRate<N>;
type GaugeKeyOf<N extends AlertableMetricName> = IsRate<N> extends true ? `${Camel<Stem<N>>}Ratio` : Camel<Stem<N>>;
type SamplesKeyOf<N extends AlertableMetricName> = HasSamples<N> extends true ? `${Camel<Stem<N>>}Samples` : never;
export type CatalogGaugeKey = { [N in AlertableMetricName]: GaugeKeyOf<N> | SamplesKeyOf<N> }[AlertableMetricName];

/** How the exporter's window counts each alertable metric: the gauge's help, and its samples gauge's for a rate that has one. */
export type CatalogGaugeHelp = {
  [N in AlertableMetricName]: HasSamples<N> extends true ? { value: string; samples: string } : { value: string };
};

export interface GaugeSpec {
  name: string;
  help: string;
  labels: readonly string[];
}

const camel = (text: string) => text.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const stemOf = (metric: AlertableMetricName): string =>
  (STEM_EXCEPTIONS as Record<string, string>)[metric] ?? metric.replace(/_(rate|ms)$/, "");
const hasSamples = (metric: AlertableMetricName): boolean => {
  const definition = METRIC_CATALOG[metric];
  return definition.kind === "rate" && definition.denominator.join() !== "responses";
};
/** The gauge of a tool-call count is sliced by tool, every other by the response's slice. */
const readsToolCalls = (metric: AlertableMetricName): boolean => {
  const definition = METRIC_CATALOG[metric];
  return (
    definition.kind === "rate" && definition.numerator.every((count) => METRIC_COUNTS[count].source === "tool_calls")
  );
};

/** The catalog's alertable metrics as gauges, by their key in the exporter (e.g. `thumbsDownRatio`, `thumbsDownSamples`). */
export function catalogGauges(help: CatalogGaugeHelp, labels: { slice: readonly string[]; tool: readonly string[] }) {
  const gauges: Record<string, GaugeSpec> = {};
  /** The catalog metric each gauge publishes (a samples gauge: its rate's denominator). */
  const metricOf: Record<string, AlertableMetricName> = {};
  for (const metric of ALERTABLE_METRICS) {
    const definition = METRIC_CATALOG[metric];
    const stem = stemOf(metric);
    const sliced = [...(readsToolCalls(metric) ? labels.tool : labels.slice), "window"];
    const texts: { value: string; samples?: string } = help[metric];
    const suffix = definition.kind === "rate" ? "_ratio" : definition.unit === "ms" ? "_seconds" : "";
    const key = camel(stem) + (definition.kind === "rate" ? "Ratio" : "");
    gauges[key] = { name: `answerscope_${stem}${suffix}`, help: texts.value, labels: sliced };
    metricOf[key] = metric;
    if (hasSamples(metric)) {
      gauges[`${camel(stem)}Samples`] = {
        name: `answerscope_${stem}_samples`,
        help: `${texts.samples}: the denominator of answerscope_${stem}_ratio`,
        labels: sliced,
      };
      metricOf[`${camel(stem)}Samples`] = metric;
    }
  }
  return {
    gauges: gauges as Record<CatalogGaugeKey, GaugeSpec>,
    metricOf: metricOf as Record<CatalogGaugeKey, AlertableMetricName>,
  };
}
