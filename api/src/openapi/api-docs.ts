import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fieldRows, fieldTable, type RefResolver } from "@answerscope/contracts";
import { buildOpenApiDocument } from "./document";

// The route reference of docs/api.md, generated from the OpenAPI document (itself generated from
// the zod schemas the server validates and answers with): every route with its parameters, the
// fields of its answer (nullable ones say `or null`) and its statuses. `npm run docs` writes it;
// src/openapi/api-docs.test.ts fails while docs/api.md is out of date.

/** The reference doc whose route section this generates. */
export const API_DOC_FILE = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/api.md");

type JsonSchema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
}
type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** Statuses every route answers alike; docs/api.md describes them once, above the routes. */
const COMMON_STATUSES = new Set(["200", "400", "401", "403", "503"]);

/** The dimension filters every range route takes, shown as one row instead of eleven. */
const FILTER = /^filter on (\w+); repeat for OR$/;

const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n+/g, " ");

function parameterTable(parameters: readonly Parameter[], describe: (schema: JsonSchema) => string): string {
  const filters = parameters.filter((parameter) => FILTER.test(parameter.description ?? ""));
  const lines = ["| parameter | in | required | type | meaning |", "|---|---|---|---|---|"];
  let filtersListed = false;
  for (const parameter of parameters) {
    if (filters.includes(parameter)) {
      if (filtersListed) continue;
      filtersListed = true;
      const names = filters.map((filter) => `\`${filter.name}\``).join(", ");
      lines.push(
        `| ${names} | query | no | ${cell(describe(parameter.schema))} | filters on those dimensions ([metrics.md](metrics.md#dimensions)); repeat a name for OR |`,
      );
      continue;
    }
    lines.push(
      `| \`${parameter.name}\` | ${parameter.in} | ${parameter.required ? "yes" : "no"} | ${cell(describe(parameter.schema))} | ${cell(parameter.description ?? "")} |`,
    );
  }
  return lines.join("\n");
}

function routeSection(
  document: OpenApiDocument,
  path: string,
  resolveRef: RefResolver,
  describe: (schema: JsonSchema) => string,
): string {
  const operation = document.paths[path]!.get;
  const responses = operation.responses as Record<
    string,
    { description: string; content: { "application/json": { schema: JsonSchema } } }
  >;
  const answer = responses["200"]!.content["application/json"].schema;
  const statuses = Object.entries(responses)
    .filter(([status]) => !COMMON_STATUSES.has(status))
    .map(([status, response]) => `Also ${status} ${response.description}.`);
  return [
    `### \`GET ${path}\``,
    "",
    `${operation.summary}.${"description" in operation && operation.description ? ` ${operation.description}` : ""}`,
    "",
    parameterTable(operation.parameters as unknown as Parameter[], describe),
    "",
    `Answer (200, \`${String(answer["$ref"]).split("/").pop()}\`):`,
    "",
    fieldTable(fieldRows(answer, resolveRef), { required: "always present", description: "meaning" }),
    ...statuses.flatMap((line) => ["", line]),
  ].join("\n");
}

/** Generated sections of docs/api.md, by marker name. */
export function apiDocSections(document: OpenApiDocument = buildOpenApiDocument()): Record<string, string> {
  const schemas = document.components.schemas as Record<string, JsonSchema>;
  const resolveRef: RefResolver = (ref) => {
    const schema = schemas[ref.replace("#/components/schemas/", "")];
    if (!schema) throw new Error(`unknown schema ${ref}`);
    return schema;
  };
  const describe = (schema: JsonSchema): string =>
    fieldRows({ type: "object", properties: { value: schema } }, resolveRef)[0]!.type;
  return {
    "api.routes": Object.keys(document.paths)
      .map((path) => routeSection(document, path, resolveRef, describe))
      .join("\n\n"),
  };
}
