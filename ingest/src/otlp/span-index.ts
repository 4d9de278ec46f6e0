import { AI_SDK_METADATA_PREFIX } from "./field-sources";
import { roleOf, type SpanRole } from "./span-roles";
import type { AttrValue, OtlpSpan } from "./spans";

/** The spans of one export as trees: parents, children and each span's role. */
export class SpanIndex {
  private readonly byId = new Map<string, OtlpSpan>();
  private readonly children = new Map<string, OtlpSpan[]>();
  private readonly roles = new Map<OtlpSpan, SpanRole>();
  private readonly positions = new Map<OtlpSpan, number>();

  constructor(readonly spans: OtlpSpan[]) {
    for (const [position, span] of spans.entries()) {
      this.positions.set(span, position);
      this.byId.set(key(span.traceId, span.spanId), span);
      this.roles.set(span, roleOf(span));
    }
    for (const span of spans) {
      if (!span.parentSpanId) continue;
      const parentKey = key(span.traceId, span.parentSpanId);
      this.children.set(parentKey, [...(this.children.get(parentKey) ?? []), span]);
    }
  }

  role(span: OtlpSpan): SpanRole {
    return this.roles.get(span)!;
  }

  parent(span: OtlpSpan): OtlpSpan | undefined {
    return span.parentSpanId ? this.byId.get(key(span.traceId, span.parentSpanId)) : undefined;
  }

  /** The span's ancestors in this export, nearest first (a parent in another export ends the walk). */
  ancestors(span: OtlpSpan): OtlpSpan[] {
    const found: OtlpSpan[] = [];
    for (let at = this.parent(span); at && found.length < 1000; at = this.parent(at)) found.push(at);
    return found;
  }

  /**
   * Orders spans by a time to the millisecond, ties by their place in the export (SDKs queue
   * spans for export as they end). Finer digits do not order spans: OpenTelemetry JS, for one,
   * starts a span at a whole millisecond and ends it at that start plus a finer duration.
   */
  byTime(spans: OtlpSpan[], time: (span: OtlpSpan) => bigint): OtlpSpan[] {
    return [...spans].sort((a, b) => {
      const [ta, tb] = [time(a) / 1_000_000n, time(b) / 1_000_000n];
      return ta < tb ? -1 : ta > tb ? 1 : this.positions.get(a)! - this.positions.get(b)!;
    });
  }

  /** Every descendant in this export. */
  descendants(span: OtlpSpan): OtlpSpan[] {
    const found: OtlpSpan[] = [];
    const stack = [...(this.children.get(key(span.traceId, span.spanId)) ?? [])];
    while (stack.length > 0 && found.length < 100_000) {
      const next = stack.pop()!;
      found.push(next);
      stack.push(...(this.children.get(key(next.traceId, next.spanId)) ?? []));
    }
    return found;
  }

  /**
   * The first of `keys` set on the span, else on its nearest ancestor that has one, else on the
   * resource; each key also as AI SDK telemetry metadata.
   */
  context(span: OtlpSpan, keys: readonly string[]): AttrValue | undefined {
    for (const holder of [span, ...this.ancestors(span)]) {
      const value = own(holder.attributes, keys);
      if (value !== undefined) return value;
    }
    return own(span.resource, keys);
  }
}

const key = (traceId: string, spanId: string) => `${traceId}/${spanId}`;

/** The first of `keys` present on these attributes, as itself or as AI SDK metadata. */
export function own(attributes: Record<string, AttrValue>, keys: readonly string[]): AttrValue | undefined {
  for (const name of keys) {
    const value = attributes[name] ?? attributes[AI_SDK_METADATA_PREFIX + name];
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return undefined;
}
