import { describe, expect, it } from "vitest";
import { exactQuantilesSql, responseRatioColumnsSql } from "./response-ratios-sql";

describe("the catalog's response-only figures as SQL over facts", () => {
  it("divides the sum columns each rate and mean names, and leaves out what reads labels or tool calls", () => {
    expect(responseRatioColumnsSql()).toEqual([
      "(countIf(finish_reason = 'max_iterations')) / (count()) AS max_iteration_hit_rate",
      "(countIf(finish_reason = 'no_reply')) / (count()) AS no_reply_rate",
      "(countIf(finish_reason = 'error')) / (count()) AS error_rate",
      "(sum(iteration_count)) / (count()) AS avg_iteration_count",
      "(sum(tool_count)) / (count()) AS avg_tool_count",
      "(sum(total_tokens)) / (count()) AS avg_total_tokens",
    ]);
  });

  it("reads the catalog's quantiles", () => {
    expect(exactQuantilesSql("time_cost_ms")).toBe("quantiles(0.5, 0.95, 0.99)(time_cost_ms)");
  });
});
