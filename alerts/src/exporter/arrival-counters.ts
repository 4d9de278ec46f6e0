import { StickyCap, type KeptValues } from "./label-cap";
import type { ExporterMetrics } from "./exporter-metrics";
import type { Arrivals } from "./queries/arrivals";

export interface CounterCaps {
  tenants: number;
  models: number;
  providers: number;
  channels: number;
  tools: number;
  reasonCodes: number;
  rejectionReasons: number;
}

/** Contract enums (finish_reason, rating, status) are small already; this only guards against a contract change. */
const ENUM_CAP = 10;

/** `missing_field:model` → `missing_field`: the kind is bounded, the field name after it need not be. */
const rejectionKind = (reason: string) => reason.split(":")[0] ?? reason;

/** Ratings without a reason (most thumbs-up) are `none`, not `unknown`: nothing is missing. */
const reasonCodeOf = (reasonCode: string) => reasonCode || "none";

/** Values of one label in descending volume, so the busiest win a sticky cap's places. */
function byVolume<T>(
  rows: readonly T[],
  scopeOf: (row: T) => string,
  valueOf: (row: T) => string,
  volumeOf: (row: T) => number,
): Map<string, string[]> {
  const volumes = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const perScope = volumes.get(scopeOf(row)) ?? new Map<string, number>();
    perScope.set(valueOf(row), (perScope.get(valueOf(row)) ?? 0) + volumeOf(row));
    volumes.set(scopeOf(row), perScope);
  }
  return new Map(
    [...volumes].map(([scope, perScope]) => [scope, [...perScope].sort((a, b) => b[1] - a[1]).map(([value]) => value)]),
  );
}

/**
 * Turns what arrived since the last refresh into counter increments. Caps are sticky (a value
 * never moves between series, which would look like a reset). The first refresh passes
 * `initialize`: it creates the series of what arrived recently at 0, so later increments show
 * up in rate() from the start, and counts nothing that arrived before the exporter ran.
 */
export class ArrivalCounters {
  private readonly tenant: StickyCap;
  private readonly caps;

  constructor(
    private readonly metrics: ExporterMetrics,
    caps: CounterCaps,
  ) {
    this.tenant = new StickyCap(caps.tenants);
    this.caps = {
      model: new StickyCap(caps.models),
      provider: new StickyCap(caps.providers),
      channel: new StickyCap(caps.channels),
      finishReason: new StickyCap(ENUM_CAP),
      rating: new StickyCap(ENUM_CAP),
      reasonCode: new StickyCap(caps.reasonCodes),
      toolName: new StickyCap(caps.tools),
      status: new StickyCap(ENUM_CAP),
      reason: new StickyCap(caps.rejectionReasons),
    };
  }

  apply(arrivals: Arrivals, { initialize, kept }: { initialize: boolean; kept: KeptValues }): void {
    const weight = initialize ? 0 : 1;
    const all = [...arrivals.responses, ...arrivals.feedback, ...arrivals.toolCalls, ...arrivals.rejected];
    // The gauges' choice first, so counters and gauges show the same values while the busiest ones stay the busiest.
    this.tenant.offer("", kept.tenant.kept(""));
    this.offer(
      this.tenant,
      all,
      () => "",
      (row) => row.tenant,
      (row) => row.count,
    );
    const tenantOf = (tenant: string) => this.tenant.map("", tenant);
    const { caps } = this;
    for (const tenant of new Set(all.map((row) => tenantOf(row.tenant)))) {
      caps.model.offer(tenant, kept.model.kept(tenant));
      caps.channel.offer(tenant, kept.channel.kept(tenant));
      caps.toolName.offer(tenant, kept.tool_name.kept(tenant));
    }
    this.offer(
      caps.model,
      arrivals.responses,
      (row) => tenantOf(row.tenant),
      (row) => row.model,
      (row) => row.count,
    );
    this.offer(
      caps.provider,
      arrivals.responses,
      (row) => tenantOf(row.tenant),
      (row) => row.provider,
      (row) => row.count,
    );
    this.offer(
      caps.channel,
      arrivals.responses,
      (row) => tenantOf(row.tenant),
      (row) => row.channel,
      (row) => row.count,
    );
    this.offer(
      caps.reasonCode,
      arrivals.feedback,
      () => "",
      (row) => reasonCodeOf(row.reasonCode),
      (row) => row.count,
    );
    this.offer(
      caps.toolName,
      arrivals.toolCalls,
      (row) => tenantOf(row.tenant),
      (row) => row.toolName,
      (row) => row.count,
    );
    this.offer(
      caps.reason,
      arrivals.rejected,
      () => "",
      (row) => rejectionKind(row.reason),
      (row) => row.count,
    );

    for (const row of arrivals.responses) {
      const tenant = tenantOf(row.tenant);
      const model = caps.model.map(tenant, row.model);
      const channel = caps.channel.map(tenant, row.channel);
      this.metrics.counters.responses.inc(
        {
          tenant,
          model,
          provider: caps.provider.map(tenant, row.provider),
          channel,
          finish_reason: caps.finishReason.map("", row.finishReason),
        },
        weight * row.count,
      );
      this.metrics.latency.add(
        { tenant, model, channel },
        {
          count: weight * row.count,
          sum: (weight * row.latencySumMs) / 1000,
          atMost: row.latencyAtMost.map((n) => weight * n),
        },
      );
    }
    for (const row of arrivals.feedback) {
      this.metrics.counters.feedbackEvents.inc(
        {
          tenant: tenantOf(row.tenant),
          rating: caps.rating.map("", row.rating),
          reason_code: caps.reasonCode.map("", reasonCodeOf(row.reasonCode)),
        },
        weight * row.count,
      );
    }
    for (const row of arrivals.toolCalls) {
      const tenant = tenantOf(row.tenant);
      this.metrics.counters.toolCalls.inc(
        { tenant, tool_name: caps.toolName.map(tenant, row.toolName), status: caps.status.map("", row.status) },
        weight * row.count,
      );
    }
    for (const row of arrivals.rejected) {
      this.metrics.counters.rejectedEvents.inc(
        { tenant: tenantOf(row.tenant), reason: caps.reason.map("", rejectionKind(row.reason)) },
        weight * row.count,
      );
    }
  }

  private offer<T>(
    cap: StickyCap,
    rows: readonly T[],
    scopeOf: (row: T) => string,
    valueOf: (row: T) => string,
    volumeOf: (row: T) => number,
  ): void {
    for (const [scope, values] of byVolume(rows, scopeOf, valueOf, volumeOf)) cap.offer(scope, values);
  }
}
