import { readFileSync } from "node:fs";
import { ExporterConfigSchema } from "@answerscope/alerts";
import { ApiConfigSchema } from "@answerscope/api";
import { IngestConfigSchema } from "@answerscope/ingest";
import { OutcomeEnvSchema } from "@answerscope/evaluator";
import { JudgeEnvSchema, LangfuseEnvSchema } from "@answerscope/warehouse";
import { describe, expect, it } from "vitest";
import { ROLES } from "./roles";

// docs/operations.md lists every setting of every role serve runs; the lists are written by hand
// (each with its reason), so this test holds them to the config schemas: a new variable fails here
// until the doc names it.

const operationsDoc = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");

/** A config schema: a zod object, or one piped into a transform (its input is then the object). */
type ConfigSchema = { shape?: object; in?: { shape?: object } };

/** The variable names a config schema reads. */
const variablesOf = (schema: ConfigSchema): string[] => Object.keys(schema.shape ?? schema.in?.shape ?? {});

/** Named as `NAME`, or covered by a `PREFIX_*` the doc uses for a family of variables. */
function documented(name: string, doc: string): boolean {
  if (doc.includes(`\`${name}\``)) return true;
  return [...doc.matchAll(/`([A-Z_]+_)\*`/g)].some((match) => name.startsWith(match[1] as string));
}

const SCHEMAS: Record<string, ConfigSchema> = {
  collector: IngestConfigSchema,
  evaluator: OutcomeEnvSchema,
  api: ApiConfigSchema,
  exporter: ExporterConfigSchema,
  langfuse: LangfuseEnvSchema,
  judge: JudgeEnvSchema,
};

describe("docs/operations.md names every setting", () => {
  it("covers every role serve runs", () => {
    expect(Object.keys(SCHEMAS).sort()).toEqual(Object.keys(ROLES).sort());
  });

  it.each(Object.entries(SCHEMAS))("%s", (_role, schema) => {
    const variables = variablesOf(schema);
    expect(variables).toContain("CLICKHOUSE_URL");
    expect(variables.filter((name) => !documented(name, operationsDoc))).toEqual([]);
  });

  it("names serve's port variables", () => {
    const ports = Object.values(ROLES).flatMap((role) => ("portVariable" in role ? [role.portVariable] : []));
    expect(ports.filter((name) => !documented(name, operationsDoc))).toEqual([]);
  });
});
