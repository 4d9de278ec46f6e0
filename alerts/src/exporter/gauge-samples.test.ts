import { describe, expect, it } from "vitest";
import { latencyBucket, type LabelFreshness } from "@answerscope/warehouse";
import { gaugeSamples, type FigureReadings } from "./gauge-samples";
import type { ResponseFigures } from "./queries/response-figures";

const windows = [
  { name: "1h", fromMs: 0, toMs: 3_600_000 },
  { name: "baseline", fromMs: -86_400_000, toMs: 0 },
  { name: "1h_1d_ago", fromMs: -86_400_000, toMs: -82_800_000 },
];

const responseRow = (model: string, responses: number[], extra: Partial<ResponseFigures> = {}): ResponseFigures => ({
  tenant: "acme",
  model,
  channel: "web",
  responses,
  maxIterations: responses.map(() => 0),
  noReply: responses.map(() => 0),
  histograms: responses.map((n) => new Map(n > 0 ? [[latencyBucket(2000), n]] : [])),
  ...extra,
});

const empty = (rows: ResponseFigures[]): FigureReadings => ({
  responses: { rows, windows, rateWindows: new Set(["1h", "baseline"]) },
  ratings: { rows: [], windows: windows.slice(0, 2) },
  outcomes: { rows: [], windows: windows.slice(0, 2) },
  tools: { rows: [], windows: windows.slice(0, 2) },
  labels: new Map(),
  writeback: [],
});

const caps = { tenants: 5, models: 2, channels: 5, tools: 5 };
const find = (samples: ReturnType<typeof gaugeSamples>["samples"], gauge: string, labels: Record<string, string>) =>
  samples.filter((s) => s.gauge === gauge && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe("gauge samples", () => {
  it("folds models beyond the cap into other, adding their counts exactly", () => {
    const rows = [
      responseRow("a", [10, 100, 5]),
      responseRow("b", [5, 50, 5]),
      responseRow("c", [2, 3, 0], { noReply: [2, 0, 0] }),
      responseRow("d", [1, 1, 0]),
    ];
    const { samples, folded } = gaugeSamples(empty(rows), caps);
    expect(new Set(samples.map((s) => s.labels.model))).toEqual(new Set(["a", "b", "other"]));
    expect(find(samples, "windowResponses", { model: "other", window: "1h" })[0]!.value).toBe(3);
    expect(find(samples, "noReplyRatio", { model: "other", window: "1h" })[0]!.value).toBeCloseTo(2 / 3);
    expect(folded.model).toBe(2);
  });

  it("reports a window without responses as 0 responses and no ratio (not a rate of 0)", () => {
    const { samples } = gaugeSamples(empty([responseRow("a", [0, 100, 20])]), caps);
    expect(find(samples, "windowResponses", { window: "1h" })[0]!.value).toBe(0);
    expect(find(samples, "maxIterationRatio", { window: "1h" })).toEqual([]);
    expect(find(samples, "latencyP95", { window: "1h" })).toEqual([]);
    expect(find(samples, "latencyP95", { window: "baseline" })[0]!.value).toBeCloseTo(2, 1);
    // Day-ago windows are volumes only.
    expect(find(samples, "maxIterationRatio", { window: "1h_1d_ago" })).toEqual([]);
    expect(find(samples, "windowResponses", { window: "1h_1d_ago" })[0]!.value).toBe(20);
  });

  it("computes thumbs-down ratios per slice with their sample counts", () => {
    const readings = empty([responseRow("a", [10, 100, 5])]);
    readings.ratings.rows = [{ tenant: "acme", model: "a", channel: "web", rated: [20, 0], down: [9, 0] }];
    const { samples } = gaugeSamples(readings, caps);
    expect(find(samples, "thumbsDownRatio", { window: "1h" })[0]!.value).toBeCloseTo(0.45);
    expect(find(samples, "thumbsDownSamples", { window: "baseline" })[0]!.value).toBe(0);
    expect(find(samples, "thumbsDownRatio", { window: "baseline" })).toEqual([]);
  });

  it("reports each tenant's label lag and evaluator failure, +Inf when never evaluated, the worst of the tenants folded into other", () => {
    const readings = empty([responseRow("a", [10, 100, 5]), { ...responseRow("a", [3, 3, 3]), tenant: "busy" }]);
    const freshness = (lag: number | null, failing: boolean) => ({ lag_seconds: lag, failing }) as LabelFreshness;
    readings.labels = new Map([
      ["acme", freshness(42, false)],
      ["busy", freshness(null, true)],
      ["quiet-1", freshness(700, false)],
      ["quiet-2", freshness(5, true)],
    ]);
    const { samples } = gaugeSamples(readings, { ...caps, tenants: 2 });
    expect(find(samples, "labelLag", { tenant: "acme" })[0]!.value).toBe(42);
    expect(find(samples, "labelLag", { tenant: "busy" })[0]!.value).toBe(Number.POSITIVE_INFINITY);
    expect(find(samples, "evaluatorFailing", { tenant: "busy" })[0]!.value).toBe(1);
    expect(find(samples, "evaluatorFailing", { tenant: "acme" })[0]!.value).toBe(0);
    // Tenants without traffic rank last under the tenant cap; other shows their worst lag and any failure.
    expect(find(samples, "labelLag", { tenant: "other" })[0]!.value).toBe(700);
    expect(find(samples, "evaluatorFailing", { tenant: "other" })[0]!.value).toBe(1);
    expect(samples.filter((s) => s.gauge === "labelLag").map((s) => Object.keys(s.labels))).toEqual([
      ["tenant"],
      ["tenant"],
      ["tenant"],
    ]);
  });
});
