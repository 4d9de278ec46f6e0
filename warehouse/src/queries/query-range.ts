import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { z } from "zod";

/** Building blocks of every query schema (query-input.ts, warehouse/src/queries/*), so every read validates tenant and time alike. */
export const TenantIdSchema = z.string().regex(TENANT_ID_PATTERN);
/** An RFC 3339 instant with its zone, as epoch milliseconds. */
export const InstantSchema = z.iso.datetime({ offset: true }).transform((value) => Date.parse(value));

/** Fields of every ranged read: one tenant and a half-open range [from, to) in epoch milliseconds. */
export const rangeShape = { tenantId: TenantIdSchema, from: InstantSchema, to: InstantSchema };

/** Refinement of a ranged schema; the issue sits on `to` so an API names that parameter. */
export const orderedRange: [(range: { from: number; to: number }) => boolean, { message: string; path: string[] }] = [
  (range) => range.from < range.to,
  { message: "from must be before to", path: ["to"] },
];

/** Ids of one object (response, diagnostic task) as the event contract bounds them. */
export const ObjectIdSchema = z.string().min(1).max(128);

/** Output timestamps: RFC 3339 UTC with milliseconds, as events carry them. */
export const TimestampSchema = z.iso.datetime();
export const isoFromMs = (ms: number): string => new Date(ms).toISOString();
