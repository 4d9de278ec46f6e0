import { LabelsBlockSchema } from "@answerscope/warehouse";
import { z } from "zod";
import type { ApiRoute } from "../http/api-route";
import { QUERY_ROUTES } from "../routes/index";

type JsonSchema = Record<string, unknown>;

export const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(["invalid_request", "unauthenticated", "forbidden", "not_found", "unavailable", "internal"]),
    message: z.string().describe("for invalid_request, names the offending parameter"),
  }),
});

const ERROR_RESPONSES: Record<string, string> = {
  "400": "invalid_request: unknown parameter or malformed value (the message names it)",
  "401": "unauthenticated: no key or an unknown key",
  "403": "forbidden: an ingest key, or tenant_id is not the key's tenant",
  "503": "unavailable: the warehouse cannot be read right now (never answered as an empty result)",
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** A JSON Schema without the keys that only make sense at a document's root. */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/** OpenAPI parameters from a parameter schema: lists are repeated names (`model=a&model=b`). */
function parametersOf(schema: z.ZodObject, location: "query" | "path"): JsonSchema[] {
  const json = z.toJSONSchema(schema, { io: "input" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === "path" || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: propertySchema,
      ...(propertySchema.type === "array" ? { style: "form", explode: true } : {}),
    };
  });
}

function operationOf(route: ApiRoute) {
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: [{ readKey: [] }],
    parameters: [
      ...(route.pathParameters ? parametersOf(route.pathParameters, "path") : []),
      ...parametersOf(route.query, "query"),
    ],
    responses: {
      "200": {
        description: "OK",
        content: { "application/json": { schema: { $ref: `#/components/schemas/${route.responseName}` } } },
      },
      ...Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, description]) => [status, errorResponse(description)]),
      ),
      ...(route.notFound ? { "404": errorResponse(`not_found: ${route.notFound}`) } : {}),
    },
  };
}

/**
 * The query API's OpenAPI 3.1 document, generated from the zod schemas the server validates with
 * (parameters) and answers with (responses), so the document cannot drift from the behavior.
 */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = QUERY_ROUTES) {
  const registry = z.registry<{ id: string }>();
  for (const route of routes) registry.add(route.response, { id: route.responseName });
  registry.add(ErrorSchema, { id: "Error" });
  // Shared by the answers with label-based figures (metrics, compare): described once.
  registry.add(LabelsBlockSchema, { id: "LabelsBlock" });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "output" }) as {
    schemas: Record<string, JsonSchema>;
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Answerscope query API",
      version: "1",
      description:
        "Read figures of one tenant. Authenticate with a read key: `Authorization: Bearer <key>`; the key decides the tenant.",
    },
    paths: Object.fromEntries(routes.map((route) => [route.path, { get: operationOf(route) }])),
    components: {
      securitySchemes: { readKey: { type: "http", scheme: "bearer", description: "a read key of the tenant" } },
      schemas: Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, embedded(schema)])),
    },
  };
}
