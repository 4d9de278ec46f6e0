import { OTHER } from "../metric-names";

/** An absent or empty dimension reads as `unknown` (docs/metrics.md), never as an empty label. */
export const labelValue = (value: string): string => (value === "" ? "unknown" : value);

/** The `limit` values with the most volume; ties go to the smaller value so the choice is stable between refreshes. */
export function topValues(volumes: ReadonlyMap<string, number>, limit: number): Set<string> {
  const ranked = [...volumes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new Set(ranked.slice(0, limit).map(([value]) => value));
}

/** What a refresh's gauges kept per label (and scope), so the counters can keep the same values where they still have room. */
export interface KeptValues {
  tenant: VolumeCap;
  model: VolumeCap;
  channel: VolumeCap;
  tool_name: VolumeCap;
}

/**
 * A per-refresh cap for gauges: within each scope (a tenant), the top N values of a label by
 * volume keep their own series and the rest are folded into `other`. Gauges are rewritten on
 * every refresh, so the top N may change between refreshes without leaving series behind.
 */
export class VolumeCap {
  private readonly volumes = new Map<string, Map<string, number>>();
  private kept_: Map<string, Set<string>> | undefined;

  constructor(private readonly limit: number) {}

  add(scope: string, value: string, volume: number): void {
    const perScope = this.volumes.get(scope) ?? new Map<string, number>();
    perScope.set(labelValue(value), (perScope.get(labelValue(value)) ?? 0) + volume);
    this.volumes.set(scope, perScope);
    this.kept_ = undefined;
  }

  map(scope: string, value: string): string {
    const normalized = labelValue(value);
    return this.keptSets().get(scope)?.has(normalized) ? normalized : OTHER;
  }

  /** The values of a scope that keep their own series, busiest first. */
  kept(scope: string): string[] {
    return [...(this.keptSets().get(scope) ?? [])];
  }

  private keptSets(): Map<string, Set<string>> {
    this.kept_ ??= new Map([...this.volumes].map(([s, perScope]) => [s, topValues(perScope, this.limit)]));
    return this.kept_;
  }

  /** How many distinct values were folded into `other`, over all scopes. */
  folded(): number {
    let count = 0;
    for (const [scope, perScope] of this.volumes)
      for (const value of perScope.keys()) if (this.map(scope, value) === OTHER && value !== OTHER) count++;
    return count;
  }
}

/**
 * A cap for counters, which must never move a value between series (that would look like a
 * counter reset): a value admitted once keeps its series for the life of the process; once a
 * scope has `limit` values, every new one counts in `other`. Offering each refresh's values by
 * volume first lets the busiest values win the places.
 */
export class StickyCap {
  private readonly admitted = new Map<string, Set<string>>();

  constructor(private readonly limit: number) {}

  offer(scope: string, valuesByVolume: Iterable<string>): void {
    for (const value of valuesByVolume) this.map(scope, value);
  }

  map(scope: string, value: string): string {
    const normalized = labelValue(value);
    const admitted = this.admitted.get(scope) ?? new Set<string>();
    this.admitted.set(scope, admitted);
    if (admitted.has(normalized)) return normalized;
    if (admitted.size < this.limit && normalized !== OTHER) {
      admitted.add(normalized);
      return normalized;
    }
    return OTHER;
  }
}
