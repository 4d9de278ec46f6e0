import { describe, expect, it } from "vitest";
import { METRIC_CATALOG, METRIC_NAMES } from "../metrics/index";
import { comparableList, metricTable } from "./metric-table";

const rowOf = (name: string): string[] =>
  (
    metricTable()
      .split("\n")
      .find((line) => line.startsWith(`| \`${name}\` |`)) ?? ""
  )
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.trim());

describe("docs/metrics.md's metric table", () => {
  it("has one row per catalog figure, in the row order", () => {
    const names = metricTable()
      .split("\n")
      .slice(2)
      .map((line) => line.split("`")[1]);
    expect(names).toEqual([...METRIC_NAMES]);
  });

  it("spells out what a rate divides and by what, and where it is used", () => {
    expect(rowOf("tool_success_rate")).toEqual([
      "`tool_success_rate`",
      "Tool success rate",
      "rate",
      "reduced tool calls `completed`",
      "reduced tool calls `completed` + reduced tool calls `failed`",
      "ratio",
      "< 30",
      "yes",
      "yes",
    ]);
    expect(rowOf("error_rate").slice(3, 5)).toEqual(["answers with `finish_reason` `error`", "answers"]);
    expect(rowOf("error_rate").slice(7)).toEqual(["yes", ""]);
    expect(rowOf("latency_p95_ms").slice(2, 5)).toEqual(["quantile", "p95 of `time_cost_ms`", "answers"]);
    expect(rowOf("response_count").slice(4, 9)).toEqual(["", "responses", "", "", "yes"]);
  });

  it("names every comparable rate once", () => {
    const comparable = Object.entries(METRIC_CATALOG).filter(([, definition]) => definition.comparable);
    expect(comparableList()).toMatch(new RegExp(`^${comparable.length} rates: `));
    for (const [name] of comparable) expect(comparableList().split(`\`${name}\``)).toHaveLength(2);
  });
});
