import { describe, expect, it } from "vitest";
import {
  COMPARABLE_METRICS,
  METRIC_CATALOG,
  METRIC_COUNTS,
  METRIC_NAMES,
  SAMPLED_METRICS,
  type MetricDefinition,
} from "./index";

const definitions = Object.entries(METRIC_CATALOG) as [string, MetricDefinition][];

describe("metric catalog", () => {
  it("divides only declared counts, and a rate only counts of one kind over counts of one kind", () => {
    for (const [name, definition] of definitions) {
      if (definition.kind !== "rate" && definition.kind !== "mean") continue;
      expect(definition.numerator.length, name).toBeGreaterThan(0);
      expect(definition.denominator.length, name).toBeGreaterThan(0);
      for (const count of [...definition.numerator, ...definition.denominator])
        expect(Object.keys(METRIC_COUNTS), name).toContain(count);
      expect(definition.denominatorLabel, name).not.toBe("");
    }
  });

  it("compares exactly the rates (a count over a count, in percent), each with a minimum sample", () => {
    for (const [name, definition] of definitions) {
      expect(definition.comparable, name).toBe(definition.kind === "rate");
      if (definition.kind === "rate")
        expect([definition.unit, definition.format, definition.minSample], name).toEqual(["ratio", "percent", 30]);
    }
    expect(SAMPLED_METRICS).toEqual([
      ...COMPARABLE_METRICS,
      "avg_iteration_count",
      "avg_tool_count",
      "avg_total_tokens",
    ]);
  });

  it("names every figure once, in snake case, with a label and a description", () => {
    expect(new Set(METRIC_NAMES).size).toBe(METRIC_NAMES.length);
    for (const [name, definition] of definitions) {
      expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(definition.label.length, name).toBeGreaterThan(0);
      expect(definition.description.length, name).toBeGreaterThan(0);
    }
  });
});
