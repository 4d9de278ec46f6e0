import { z } from "zod";

// The kinds of setting every service's config schema is made of, declared once.

/** A whole number above zero, `fallback` when unset. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A TCP port to listen on (0: any free one), `fallback` when unset. */
export const portSetting = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A comma-separated list, its items trimmed and the empty ones dropped. */
export const csvList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);
