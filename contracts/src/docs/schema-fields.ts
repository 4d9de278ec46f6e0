// Renders the fields of a JSON Schema (what zod's toJSONSchema and the OpenAPI document produce)
// as a Markdown table for the reference docs: one row per field, nested objects as dotted paths.

type JsonSchema = { readonly [key: string]: unknown };

/** Finds the schema a `$ref` names (OpenAPI components); the event schemas have none. */
export type RefResolver = (ref: string) => JsonSchema;

export interface FieldRow {
  readonly path: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

const LARGEST_SAFE = Number.MAX_SAFE_INTEGER;

/** Inline code; text holding backticks gets a double-backtick span (Markdown has no escape inside code). */
export function inlineCode(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}

const code = inlineCode;

function resolve(schema: JsonSchema, resolveRef?: RefResolver): JsonSchema {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  if (!resolveRef) throw new Error(`cannot resolve ${ref}`);
  return resolve({ ...resolveRef(ref), ...withoutKey(schema, "$ref") }, resolveRef);
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  const copy: Record<string, unknown> = { ...schema };
  delete copy[key];
  return copy;
}

/** The schema without its `null` alternative, and whether it had one. */
function splitNull(schema: JsonSchema, resolveRef?: RefResolver): { schema: JsonSchema; nullable: boolean } {
  const resolved = resolve(schema, resolveRef);
  const anyOf = resolved["anyOf"];
  if (Array.isArray(anyOf)) {
    const others = (anyOf as JsonSchema[]).filter((option) => resolve(option, resolveRef)["type"] !== "null");
    if (others.length === 1 && others.length < anyOf.length) {
      return {
        schema: { ...resolve(others[0] as JsonSchema, resolveRef), ...withoutKey(resolved, "anyOf") },
        nullable: true,
      };
    }
  }
  const type = resolved["type"];
  if (Array.isArray(type) && type.includes("null")) {
    const rest = type.filter((name) => name !== "null");
    return { schema: { ...resolved, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  return { schema: resolved, nullable: false };
}

function bounds(min: unknown, max: unknown): string {
  // zod writes the safe-integer range on every integer; only a narrower bound says something.
  const low = typeof min === "number" && min > -LARGEST_SAFE ? min : undefined;
  const high = typeof max === "number" && max < LARGEST_SAFE ? max : undefined;
  if (low !== undefined && high !== undefined) return low === high ? `${low}` : `${low}..${high}`;
  if (low !== undefined) return `≥ ${low}`;
  if (high !== undefined) return `≤ ${high}`;
  return "";
}

const withBounds = (name: string, range: string): string => (range ? `${name} ${range}` : name);

/** A short type: `string 1..128`, `integer ≥ 0`, `` `up` \| `down` ``, `string[] (each 1..128, at most 256)`. */
export function describeType(input: JsonSchema, resolveRef?: RefResolver): string {
  const { schema, nullable } = splitNull(input, resolveRef);
  const text = describeNonNull(schema, resolveRef);
  return nullable ? `${text} or null` : text;
}

function describeNonNull(schema: JsonSchema, resolveRef?: RefResolver): string {
  if ("const" in schema) return code(schema["const"]);
  if (Array.isArray(schema["enum"])) return (schema["enum"] as unknown[]).map(code).join(" | ");
  if (Array.isArray(schema["anyOf"]))
    return (schema["anyOf"] as JsonSchema[]).map((option) => describeType(option, resolveRef)).join(" or ");
  const type = schema["type"];
  if (Array.isArray(type)) return type.join(", ");
  switch (type) {
    case "string": {
      if (schema["format"] === "date-time") return "RFC 3339 date-time";
      const text = withBounds("string", bounds(schema["minLength"], schema["maxLength"]));
      const pattern = schema["pattern"];
      return typeof pattern === "string" ? `${text}, ${code(pattern.replace(/^\^|\{\d+,\d+\}\$$|\$$/g, ""))}` : text;
    }
    case "integer":
    case "number":
      return withBounds(type, bounds(schema["minimum"], schema["maximum"]));
    case "array": {
      const items = resolve((schema["items"] ?? {}) as JsonSchema, resolveRef);
      const count = bounds(schema["minItems"], schema["maxItems"]);
      if (items["type"] === "object" && items["properties"])
        return withBounds("list of objects", count && `(${count} entries)`);
      if (Array.isArray(items["enum"]))
        return withBounds(`list of ${describeNonNull(items, resolveRef)}`, count && `(${count} entries)`);
      const itemRange = items["type"] === "string" ? bounds(items["minLength"], items["maxLength"]) : "";
      const base = `${items["type"] === "string" || !items["type"] ? "string" : describeNonNull(items, resolveRef)}[]`;
      const notes = [itemRange && `each ${itemRange}`, count && `${count} entries`].filter(Boolean).join(", ");
      return notes ? `${base} (${notes})` : base;
    }
    case "object": {
      const values = schema["additionalProperties"];
      if (values && typeof values === "object")
        return `object (values: ${describeType(values as JsonSchema, resolveRef)})`;
      return "object";
    }
    default:
      return type === undefined ? "any JSON value" : String(type);
  }
}

/** Every field of an object schema, nested objects (also inside lists) as `parent.child` / `list[].child`. */
export function fieldRows(input: JsonSchema, resolveRef?: RefResolver, prefix = ""): FieldRow[] {
  const schema = splitNull(input, resolveRef).schema;
  const properties = (schema["properties"] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema["required"] ?? []) as string[]);
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const path = `${prefix}${name}`;
    const resolved = resolve(property, resolveRef);
    const description = typeof resolved["description"] === "string" ? resolved["description"] : "";
    rows.push({ path, type: describeType(property, resolveRef), required: required.has(name), description });
    const inner = splitNull(property, resolveRef).schema;
    if (inner["type"] === "object" && inner["properties"]) rows.push(...fieldRows(inner, resolveRef, `${path}.`));
    if (inner["type"] === "array") {
      const items = resolve((inner["items"] ?? {}) as JsonSchema, resolveRef);
      if (items["type"] === "object" && items["properties"]) rows.push(...fieldRows(items, resolveRef, `${path}[].`));
    }
  }
  return rows;
}

const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n+/g, " ");

/** A Markdown table of `rows`; `requiredWord` names what "required" means for the reader (required / always). */
export function fieldTable(rows: readonly FieldRow[], headers: { required: string; description: string }): string {
  const lines = [`| field | type | ${headers.required} | ${headers.description} |`, "|---|---|---|---|"];
  for (const row of rows) {
    lines.push(
      `| ${cell(code(row.path))} | ${cell(row.type)} | ${row.required ? "yes" : "no"} | ${cell(row.description)} |`,
    );
  }
  return lines.join("\n");
}
