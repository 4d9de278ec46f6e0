import {
  COMPARABLE_METRICS,
  METRIC_CATALOG,
  METRIC_COUNTS,
  type MetricDefinition,
  type MetricName,
} from "../metrics/index";
import { inlineCode } from "./schema-fields";

// docs/metrics.md's table of every figure of a metrics row, written from the metric catalog so the
// reference and the code cannot disagree: what each rate divides, its unit, when it is a small
// sample, and whether /compare tests it and the exporter publishes it.

const countsText = (counts: readonly (keyof typeof METRIC_COUNTS)[]): string =>
  counts.map((count) => METRIC_COUNTS[count].description).join(" + ");

/** Numerator and denominator in words; a count has neither, a quantile reads a distribution. */
function parts(definition: MetricDefinition): [string, string] {
  switch (definition.kind) {
    case "rate":
    case "mean":
      return [countsText(definition.numerator), countsText(definition.denominator)];
    case "quantile":
      return [`p${definition.q * 100} of ${inlineCode(definition.of)}`, "answers"];
    case "count":
      return [definition.description, ""];
  }
}

const yes = (flag: boolean): string => (flag ? "yes" : "");

/** One row per figure, in the order of the API's row. */
export function metricTable(): string {
  const rows = (Object.entries(METRIC_CATALOG) as [MetricName, MetricDefinition][]).map(([name, definition]) => {
    const [numerator, denominator] = parts(definition);
    const small = definition.minSample > 0 ? `< ${definition.minSample}` : "";
    return `| ${inlineCode(name)} | ${definition.label} | ${definition.kind} | ${numerator} | ${denominator} | ${definition.unit} | ${small} | ${yes(definition.comparable)} | ${yes(definition.alertable)} |`;
  });
  return [
    "| metric | label | kind | numerator | denominator | unit | small sample | `/compare` | gauge |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The rates `/compare` can test, in the catalog's order. */
export const comparableList = (): string =>
  `${COMPARABLE_METRICS.length} rates: ${COMPARABLE_METRICS.map(inlineCode).join(", ")}`;
