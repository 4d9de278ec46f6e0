import { z } from "zod";
import { UNKNOWN } from "../vocabulary";
import { truncateChars } from "../text/truncate";

// Building blocks for the event schemas, one per kind of rule in docs/events.md.
//
// Absent optional fields: producers written in other languages often send `null` for "not set"
// (Python's None, Go's nil pointers). The contract reads `null` on an optional field as absent
// rather than rejecting the whole event; on a required field `null` is reported as missing.
// In the output every optional field is present, as `null` or its documented default, so the
// stored row has one stable shape.

/** Required string the spec bounds as "1..max": out of range rejects the event. */
export const requiredString = (max: number) => z.string().min(1).max(max);

/** Optional "1..max" string; absent or null becomes `null`. */
export const optionalString = (max: number) =>
  requiredString(max)
    .nullish()
    .transform((value) => value ?? null);

/** Optional dimension (1..64); absent becomes `unknown` so group-bys never meet an empty key. */
export const dimension = () =>
  requiredString(64)
    .nullish()
    .transform((value) => value ?? UNKNOWN);

/** Required count, duration or token number: an integer >= 0. */
export const nonNegativeInt = () => z.int().nonnegative();

/** Optional integer >= 0; absent becomes `null`. */
export const optionalNonNegativeInt = () =>
  nonNegativeInt()
    .nullish()
    .transform((value) => value ?? null);

/** Optional integer in [min, max]; absent becomes `null`. */
export const optionalIntInRange = (min: number, max: number) =>
  z
    .int()
    .min(min)
    .max(max)
    .nullish()
    .transform((value) => value ?? null);

/**
 * Optional free text, never rejected for length: `prepare` runs first (trim, redact), then the
 * text is cut to `maxChars` so a cut can never expose half a secret. Absent becomes `null`; with
 * `blankIsNull`, text that is empty after `prepare` becomes `null` too.
 */
export const freeText = (
  maxChars: number,
  options: { prepare?: (text: string) => string; blankIsNull?: boolean } = {},
) =>
  z
    .string()
    .nullish()
    .transform((value) => {
      if (value == null) return null;
      const prepared = options.prepare ? options.prepare(value) : value;
      if (options.blankIsNull && prepared === "") return null;
      return truncateChars(prepared, maxChars);
    });

/** `trim` as a `prepare` step (texts typed by users: reason, comment, correction). */
export const trim = (text: string): string => text.trim();

/** A list of "1..maxLength" strings with at most `maxEntries` entries. */
export const boundedStringList = (maxLength: number, maxEntries: number) =>
  z.array(requiredString(maxLength)).max(maxEntries);
