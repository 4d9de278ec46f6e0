import { ALERTABLE_METRICS } from "@answerscope/warehouse";
import { describe, expect, it } from "vitest";
import { ALERTABLE_GAUGES, GAUGES, type GaugeKey } from "./metric-names";

describe("the exporter's gauges of catalog metrics", () => {
  it("export every alertable metric of the catalog, and only those", () => {
    expect(Object.keys(ALERTABLE_GAUGES).sort()).toEqual([...ALERTABLE_METRICS].sort());
  });

  it("cover every ratio gauge: a ratio the exporter publishes is an alertable metric of the catalog", () => {
    const ratios = (Object.keys(GAUGES) as GaugeKey[]).filter((key) => GAUGES[key].name.endsWith("_ratio"));
    expect(ratios.length).toBeGreaterThan(0);
    for (const key of ratios) expect(Object.values(ALERTABLE_GAUGES), key).toContain(key);
  });
});
