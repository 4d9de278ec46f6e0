// Writes the SDK's event types from the contract's producer-facing JSON Schema (buildJsonSchemas
// of @answerscope/contracts, itself generated from the zod schemas), so the published package
// carries the contract's types without depending on the private contracts package. Handles the
// subset of JSON Schema those files use; anything else fails loudly rather than typing `unknown`.
import { buildJsonSchemas, EVENT_TYPES } from "@answerscope/contracts";

type Schema = Record<string, unknown>;

const HEADER = `// Generated from @answerscope/contracts' JSON Schema by \`npm run types -w @answerscope/sdk\`; never edit.
// src/contract/events.generated.test.ts fails while this file is stale.
`;

const literal = (value: unknown) => JSON.stringify(value);

function typeOf(schema: Schema): string {
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(" | ");
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeOf).join(" | ");
  if (Array.isArray(schema.type))
    return (schema.type as string[]).map((type) => typeOf({ ...schema, type })).join(" | ");
  switch (schema.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `Array<${typeOf(schema.items as Schema)}>`;
    case "object": {
      const values = schema.additionalProperties as Schema | undefined;
      return `{ [key: string]: ${values && Object.keys(values).length > 0 ? typeOf(values) : "unknown"} }`;
    }
    case undefined:
      if (Object.keys(schema).every((key) => key === "description")) return "unknown";
  }
  throw new Error(`no TypeScript type for JSON Schema ${JSON.stringify(schema)}`);
}

const interfaceName = (eventType: string) =>
  `${eventType.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Event`;

function interfaceOf(name: string, schema: Schema): string {
  const required = new Set(schema.required as string[]);
  const fields = Object.entries(schema.properties as Record<string, Schema>).map(([field, property]) => {
    const doc = typeof property.description === "string" ? `  /** ${property.description} */\n` : "";
    return `${doc}  ${field}${required.has(field) ? "" : "?"}: ${typeOf(property)};`;
  });
  const doc = typeof schema.description === "string" ? `/** ${schema.description} */\n` : "";
  return `${doc}export interface ${name} {\n${fields.join("\n")}\n}\n`;
}

/** The text of src/contract/events.generated.ts: one interface per event type, as a producer sends it. */
export function contractTypesSource(): string {
  const schemas = buildJsonSchemas();
  const interfaces = EVENT_TYPES.map((eventType) =>
    interfaceOf(interfaceName(eventType), schemas[`${eventType}.schema.json`]!),
  );
  return `${HEADER}\n${interfaces.join("\n")}`;
}
