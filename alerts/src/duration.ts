import { z } from "zod";

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(\d+)(ms|s|m|h|d|w)$/;

/**
 * A duration written as Prometheus writes one with a single unit (`30s`, `5m`, `1h`, `1d`), so the
 * same text can appear in a rule's `for:` and in the exporter's window names.
 */
export const DurationSchema = z.string().regex(DURATION, "a duration like 30s, 5m, 1h or 1d");
export type Duration = z.output<typeof DurationSchema>;

export function durationMs(text: string): number {
  const match = DURATION.exec(text);
  if (!match) throw new RangeError(`not a duration: ${JSON.stringify(text)}`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

export const durationSeconds = (text: string): number => durationMs(text) / 1000;
