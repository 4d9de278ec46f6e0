import { BUCKETS, type Bucket } from "./dimensions";

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

export const isRangePreset = (value: unknown): value is RangePreset =>
  typeof value === "string" && Object.hasOwn(RANGE_PRESETS, value);

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

/**
 * An instant as a link may write it: an RFC 3339 date-time (`2026-11-30T08:00:00Z`, seconds and
 * fraction optional, `Z` or an offset) or a date (midnight UTC). Stricter than Date.parse, which
 * reads "1" as the year 2001 and a time without zone in the server's own zone.
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** The epoch ms of an instant written as INSTANT allows; null for anything else (or an impossible date such as February 30). */
export function parseInstant(text: string): number | null {
  if (!INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return null;
  // Date.parse rolls 2026-02-30 over to March 2: the date written must be the date read (in its own offset).
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(text);
  const offsetMs = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000 : 0;
  return new Date(ms + offsetMs).toISOString().slice(0, 10) === text.slice(0, 10) ? ms : null;
}

/** A valid custom range: two instants as parseInstant reads them, from before to. */
export function isValidCustomRange(from: string, to: string): boolean {
  const fromMs = parseInstant(from);
  const toMs = parseInstant(to);
  return fromMs !== null && toMs !== null && fromMs < toMs;
}

/** The time bucket that gives a readable chart (roughly 12 to 96 points) for a range. */
export function defaultBucket(range: Pick<ResolvedRange, "fromMs" | "toMs">): Bucket {
  const span = range.toMs - range.fromMs;
  if (span <= 6 * 3600_000) return "5m";
  if (span <= 4 * 24 * 3600_000) return "hour";
  return "day";
}

export const BUCKET_MS: Record<Bucket, number> = { "5m": 5 * 60_000, hour: 3600_000, day: 24 * 3600_000 };

/**
 * The most points a chart's bucket may give. The plot of a half-width panel at 1280 px is about
 * 460 px wide: up to 200 points every bucket keeps over 2 px of its own, so the line's turns and
 * gaps still read; past that they blur into a band (a day at 5 minutes is 288). So a week by the
 * hour (168) stays, a day by 5 minutes becomes hourly. defaultBucket never gives more than 96.
 */
export const MAX_CHART_POINTS = 200;

/** How many points `bucket` gives over the range (a partial last bucket is a point too). */
export const bucketPoints = (range: Pick<ResolvedRange, "fromMs" | "toMs">, bucket: Bucket): number =>
  Math.ceil((range.toMs - range.fromMs) / BUCKET_MS[bucket]);

/** `bucket` if it gives at most MAX_CHART_POINTS over the range, else the smallest bucket that does (a day, the largest, when none does). */
export function readableBucket(range: Pick<ResolvedRange, "fromMs" | "toMs">, bucket: Bucket): Bucket {
  if (bucketPoints(range, bucket) <= MAX_CHART_POINTS) return bucket;
  const larger = BUCKETS.filter((candidate) => BUCKET_MS[candidate] > BUCKET_MS[bucket]);
  return (
    larger.find((candidate) => bucketPoints(range, candidate) <= MAX_CHART_POINTS) ??
    larger[larger.length - 1] ??
    bucket
  );
}

/** "Last 24 hours" or "2026-11-30 08:00 – 2026-11-30 20:00 UTC". */
export function describeRange(selection: RangeSelection): string {
  if (selection.kind === "preset") return RANGE_PRESETS[selection.preset].label;
  const short = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ");
  return `${short(selection.from)} – ${short(selection.to)} UTC`;
}
