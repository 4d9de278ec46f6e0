import { DIMENSIONS, type Dimension, type Filters } from "@answerscope/warehouse";
import { z } from "zod";

/** Parameters every query route shares (docs/api.md "Query API"). */
export const tenantParameter = {
  tenant_id: z.string().optional().describe("optional; when given it must be the read key's tenant (else 403)"),
};

export const rangeParameters = {
  from: z.iso.datetime({ offset: true }).describe("start of the half-open range [from, to), RFC 3339"),
  to: z.iso.datetime({ offset: true }).describe("end of the half-open range [from, to), RFC 3339"),
};

const filterValues = z.array(z.string().min(1).max(256)).min(1).max(100);

/** `<dimension>=<value>`, repeatable: OR within a dimension, AND across dimensions (docs/metrics.md). */
export const dimensionFilterParameters = Object.fromEntries(
  DIMENSIONS.map((dimension) => [dimension, filterValues.optional().describe(`filter on ${dimension}; repeat for OR`)]),
) as Record<Dimension, z.ZodOptional<typeof filterValues>>;

/** The dimension filters among parsed parameters, in the shape the warehouse queries take. */
export function filtersOf(parameters: Partial<Record<Dimension, string[] | undefined>>): Filters {
  const filters: Filters = {};
  for (const dimension of DIMENSIONS) {
    const values = parameters[dimension];
    if (values?.length) filters[dimension] = values;
  }
  return filters;
}

/** A comma-separated list parameter (`group_by=model,channel`) of allow-listed names. */
export function commaListParameter<const T extends readonly [string, ...string[]]>(allowed: T) {
  return z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(allowed)).max(allowed.length));
}

/** A positive page size with a ceiling, as text in a query string. */
export function limitParameter(fallback: number, max: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`page size, 1..${max} (default ${fallback})`);
}
