/**
 * How figures read on screen and in tests. Missing values are an em dash, never 0: a rate with a
 * zero denominator is unknown, not zero (docs/metrics.md). Times are shown in UTC so the server's
 * render and the browser's agree and a shared link reads the same everywhere.
 */

export const MISSING = "—";

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value);

/** 0.4567 → "45.7%". */
export function formatRate(value: number | null | undefined, digits = 1): string {
  if (!isNumber(value)) return MISSING;
  return `${(value * 100).toFixed(digits)}%`;
}

/** A Wilson interval [0.41, 0.5] → "41.0–50.0%". */
export function formatInterval(low: number | null | undefined, high: number | null | undefined, digits = 1): string {
  if (!isNumber(low) || !isNumber(high)) return MISSING;
  return `${(low * 100).toFixed(digits)}–${(high * 100).toFixed(digits)}%`;
}

/** A difference of two rates in percentage points: 0.031 → "+3.1 pp". */
export function formatPointDifference(value: number | null | undefined, digits = 1): string {
  if (!isNumber(value)) return MISSING;
  const points = value * 100;
  const rounded = Number(points.toFixed(digits));
  const sign = rounded > 0 ? "+" : rounded < 0 ? "−" : "±";
  return `${sign}${Math.abs(rounded).toFixed(digits)} pp`;
}

/** 12345 → "12,345". */
export function formatCount(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return grouped.format(value);
}

/** A mean such as iterations per response: 2.345 → "2.3". */
export function formatMean(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return oneDecimal.format(value);
}

/**
 * A duration in milliseconds at the precision a reader needs:
 * 850 → "850 ms", 1250 → "1.25 s", 12_300 → "12.3 s", 125_000 → "2 min 5 s", 3_720_000 → "1 h 2 min".
 */
export function formatDuration(ms: number | null | undefined): string {
  if (!isNumber(ms)) return MISSING;
  if (ms < 0) return `−${formatDuration(-ms)}`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 3600) {
    const minutes = Math.floor(totalSeconds / 60);
    const seconds = totalSeconds % 60;
    return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
  }
  const totalMinutes = Math.round(ms / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

/** A correlation coefficient with its sign: 0.1234 → "+0.12", -0.02 → "−0.02". */
export function formatCorrelation(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  const rounded = Number(value.toFixed(2));
  return `${rounded > 0 ? "+" : rounded < 0 ? "−" : "±"}${Math.abs(rounded).toFixed(2)}`;
}

/** A p-value: "p = 0.032", "p < 0.001". */
export function formatPValue(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  if (value < 0.001) return "p < 0.001";
  return `p = ${value.toFixed(3)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as "2026-11-30 10:00:05 UTC". */
export function formatTimestamp(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return MISSING;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/** An axis tick of a time chart: "10:05" within a day's span, "Nov 30 10:00" beyond. */
export function formatTimeTick(ms: number, spanMs: number): string {
  const date = new Date(ms);
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  if (spanMs <= 24 * 3600_000) return time;
  const month = date.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  return spanMs <= 7 * 24 * 3600_000 ? `${month} ${date.getUTCDate()} ${time}` : `${month} ${date.getUTCDate()}`;
}

/** Shortens long text for a table cell, keeping the start (where producers put what matters). */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
