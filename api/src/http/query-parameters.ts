import { HttpError } from "@answerscope/runtime";
import { z } from "zod";

type ParameterSchema = z.ZodObject;

const repeatableCache = new WeakMap<ParameterSchema, { known: Set<string>; repeatable: Set<string> }>();

/**
 * Which parameters a schema knows, and which of them may repeat (`model=a&model=b`).
 * Read from the schema's JSON Schema, the same description the OpenAPI document publishes,
 * so the parser and the document cannot disagree about a parameter being a list.
 */
function describe(schema: ParameterSchema) {
  let found = repeatableCache.get(schema);
  if (!found) {
    const json = z.toJSONSchema(schema, { io: "input" }) as { properties?: Record<string, { type?: string }> };
    const properties = json.properties ?? {};
    found = {
      known: new Set(Object.keys(properties)),
      repeatable: new Set(
        Object.entries(properties)
          .filter(([, property]) => property.type === "array")
          .map(([name]) => name),
      ),
    };
    repeatableCache.set(schema, found);
  }
  return found;
}

/** The request's query string as the schema's input: lists for repeatable names, single strings otherwise; unknown names are 400. */
export function readQueryParameters(url: URL, schema: ParameterSchema): Record<string, string | string[]> {
  const { known, repeatable } = describe(schema);
  const raw: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    if (!known.has(name))
      throw new HttpError(
        "invalid_request",
        `unknown parameter ${JSON.stringify(name)}; known: ${[...known].join(", ")}`,
      );
    const values = url.searchParams.getAll(name);
    if (repeatable.has(name)) raw[name] = values;
    else if (values.length > 1)
      throw new HttpError("invalid_request", `parameter ${name} given ${values.length} times; it takes one value`);
    else raw[name] = values[0]!;
  }
  return raw;
}

/** The public name of a field in an error: HTTP parameters are snake_case, dimension filters are named by their dimension. */
export function parameterNameOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === "filters" && typeof second === "string") return second;
  if (typeof first !== "string") return "request";
  return first.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A 400 whose message names every offending field. */
export function invalidRequest(error: z.ZodError): HttpError {
  const problems = error.issues.map((issue) => `${parameterNameOf(issue.path)}: ${issue.message}`);
  return new HttpError("invalid_request", `invalid ${[...new Set(problems)].join("; ")}`);
}

/** Validates raw parameters with the route's schema, answering 400 with the field names on failure. */
export function parseParameters<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}
