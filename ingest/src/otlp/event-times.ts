import type { OtlpSpan } from "./spans";

/** A span time (ns since the epoch) as RFC 3339; undefined when the span gave none, so the contract says which field is missing. */
export const isoOf = (ns: bigint): string | undefined =>
  ns > 0n ? new Date(Number(ns / 1_000_000n)).toISOString() : undefined;

/** The span's duration in whole milliseconds; undefined when either end is missing or they are reversed. */
export const durationMsOf = (span: OtlpSpan): number | undefined =>
  span.startNs > 0n && span.endNs >= span.startNs ? Math.round(Number(span.endNs - span.startNs) / 1e6) : undefined;

/** Event ids are derived from the span, so a re-sent export is the same events (stored once). */
export const eventIdOf = (span: OtlpSpan, suffix?: string): string =>
  `otlp:${span.traceId}:${span.spanId}${suffix ? `:${suffix}` : ""}`;
