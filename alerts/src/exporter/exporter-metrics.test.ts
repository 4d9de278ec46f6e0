import { describe, expect, it } from "vitest";
import { createExporterMetrics } from "./exporter-metrics";

describe("exporter metrics", () => {
  it("renders pre-counted latency observations as a Prometheus histogram", async () => {
    const metrics = createExporterMetrics({ latencyBoundsSeconds: [1, 5] });
    metrics.latency.add({ tenant: "t", model: "m", channel: "c" }, { count: 3, sum: 7.5, atMost: [1, 2] });
    metrics.latency.add({ tenant: "t", model: "m", channel: "c" }, { count: 1, sum: 0.5, atMost: [1, 1] });
    const text = await metrics.render();
    expect(text).toContain("# TYPE answerscope_response_latency_seconds histogram");
    expect(text).toContain('answerscope_response_latency_seconds_bucket{tenant="t",model="m",channel="c",le="1"} 2');
    expect(text).toContain('answerscope_response_latency_seconds_bucket{tenant="t",model="m",channel="c",le="5"} 3');
    expect(text).toContain('answerscope_response_latency_seconds_bucket{tenant="t",model="m",channel="c",le="+Inf"} 4');
    expect(text).toContain('answerscope_response_latency_seconds_sum{tenant="t",model="m",channel="c"} 8');
    expect(text).toContain('answerscope_response_latency_seconds_count{tenant="t",model="m",channel="c"} 4');
  });

  it("replaces gauges whole and reports the age of what it serves at scrape time", async () => {
    let now = 1_000_000;
    const metrics = createExporterMetrics({ latencyBoundsSeconds: [1], clock: () => now });
    metrics.replaceGauges(
      [{ gauge: "thumbsDownRatio", labels: { tenant: "t", model: "a", channel: "web", window: "1h" }, value: 0.5 }],
      {},
    );
    metrics.recordSuccess(20);
    metrics.replaceGauges(
      [{ gauge: "thumbsDownRatio", labels: { tenant: "t", model: "b", channel: "web", window: "1h" }, value: 0.25 }],
      {},
    );
    await metrics.publish();
    now += 45_000;
    metrics.recordFailure(5);
    const text = await metrics.render();
    expect(text).not.toContain('model="a"');
    expect(text).toContain('answerscope_thumbs_down_ratio{tenant="t",model="b",channel="web",window="1h"} 0.25');
    expect(text).toContain("answerscope_exporter_data_age_seconds 45");
    expect(text).toContain("answerscope_exporter_last_success_timestamp_seconds 1000");
    expect(text).toContain("answerscope_exporter_refresh_failures_total 1");
    expect(text).toContain("answerscope_exporter_warehouse_up 0");
  });

  it("serves the figures as last published, and the health as of the scrape", async () => {
    let now = 1_000_000;
    const metrics = createExporterMetrics({ latencyBoundsSeconds: [1], clock: () => now });
    metrics.replaceGauges(
      [{ gauge: "thumbsDownRatio", labels: { tenant: "t", model: "a", channel: "web", window: "1h" }, value: 0.5 }],
      {},
    );
    metrics.counters.responses.inc(
      { tenant: "t", model: "a", provider: "p", channel: "web", finish_reason: "stop" },
      3,
    );
    await metrics.publish();
    metrics.recordSuccess(20);
    // A refresh in progress: changed, not published yet.
    metrics.replaceGauges(
      [{ gauge: "thumbsDownRatio", labels: { tenant: "t", model: "b", channel: "web", window: "1h" }, value: 0.25 }],
      {},
    );
    metrics.counters.responses.inc(
      { tenant: "t", model: "a", provider: "p", channel: "web", finish_reason: "stop" },
      4,
    );
    now += 7_000;
    const before = await metrics.render();
    expect(before).toContain('answerscope_thumbs_down_ratio{tenant="t",model="a",channel="web",window="1h"} 0.5');
    expect(before).not.toContain('model="b"');
    expect(before).toMatch(/answerscope_responses_total\{[^}]*\} 3\n/);
    expect(before).toContain("answerscope_exporter_data_age_seconds 7");
    await metrics.publish();
    const after = await metrics.render();
    expect(after).toContain('answerscope_thumbs_down_ratio{tenant="t",model="b",channel="web",window="1h"} 0.25');
    expect(after).not.toContain('model="a",channel="web",window');
    expect(after).toMatch(/answerscope_responses_total\{[^}]*\} 7\n/);
  });
});
