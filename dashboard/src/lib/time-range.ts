import type { Bucket } from "./dimensions";

/** Time-range presets of the filter bar, relative to now. */
export const RANGE_PRESETS = {
  "1h": { label: "Last hour", ms: 3600_000 },
  "6h": { label: "Last 6 hours", ms: 6 * 3600_000 },
  "24h": { label: "Last 24 hours", ms: 24 * 3600_000 },
  "7d": { label: "Last 7 days", ms: 7 * 24 * 3600_000 },
  "30d": { label: "Last 30 days", ms: 30 * 24 * 3600_000 },
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
export const DEFAULT_PRESET: RangePreset = "24h";

export const isRangePreset = (value: unknown): value is RangePreset => typeof value === "string" && Object.hasOwn(RANGE_PRESETS, value);

/** What the URL says about time: a preset (relative, follows now) or a fixed custom range. */
export type RangeSelection = { kind: "preset"; preset: RangePreset } | { kind: "custom"; from: string; to: string };

export interface ResolvedRange {
  fromMs: number;
  toMs: number;
  from: string;
  to: string;
}

/**
 * Presets end at the next 5-minute boundary: reloads within the same 5 minutes ask the API the same
 * question (figures do not jitter with every click), and aligned edges let the API read whole
 * buckets of its 5-minute view.
 */
export const ALIGN_MS = 5 * 60_000;

export function resolveRange(selection: RangeSelection, nowMs: number): ResolvedRange {
  if (selection.kind === "custom") {
    const fromMs = Date.parse(selection.from);
    const toMs = Date.parse(selection.to);
    return { fromMs, toMs, from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  }
  const toMs = Math.ceil(nowMs / ALIGN_MS) * ALIGN_MS;
  const fromMs = toMs - RANGE_PRESETS[selection.preset].ms;
  return { fromMs, toMs, from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
}

/** A valid custom range: two parseable instants, from before to. */
export function isValidCustomRange(from: string, to: string): boolean {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  return Number.isFinite(fromMs) && Number.isFinite(toMs) && fromMs < toMs;
}

/** The time bucket that gives a readable chart (roughly 12 to 300 points) for a range. */
export function defaultBucket(range: Pick<ResolvedRange, "fromMs" | "toMs">): Bucket {
  const span = range.toMs - range.fromMs;
  if (span <= 6 * 3600_000) return "5m";
  if (span <= 4 * 24 * 3600_000) return "hour";
  return "day";
}

/** "Last 24 hours" or "2026-11-30 08:00 – 2026-11-30 20:00 UTC". */
export function describeRange(selection: RangeSelection): string {
  if (selection.kind === "preset") return RANGE_PRESETS[selection.preset].label;
  const short = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ");
  return `${short(selection.from)} – ${short(selection.to)} UTC`;
}
