import { readFileSync } from "node:fs";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { responseCompletedSchema } from "../schema/response-completed";
import { contractDocSections } from "./contract-docs";
import { replaceMarkedSections } from "./marked-sections";
import { fieldRows } from "./schema-fields";

const docsDir = new URL("../../../docs/", import.meta.url);

describe("the reference docs generated from the contract", () => {
  it.each(Object.entries(contractDocSections()))("docs/%s is up to date (run `npm run docs`)", (file, sections) => {
    const doc = readFileSync(new URL(file, docsDir), "utf8");
    expect(doc, `docs/${file} is stale: run \`npm run docs\``).toBe(replaceMarkedSections(doc, sections));
  });

  it("lists every field a producer may send, with its limits", () => {
    const table = contractDocSections()["events.md"]?.["events.response_completed"] ?? "";
    for (const field of Object.keys(responseCompletedSchema.in.shape).filter(
      (name) => !["event_id", "event_type", "schema_version", "tenant_id", "occurred_at"].includes(name),
    )) {
      expect(table).toContain(`| \`${field}\` |`);
    }
    expect(table).toContain("| `tools_used_names` | string[] (each 1..128, ≤ 256 entries) | yes |");
    expect(table).toContain("| `trace_id` | string 1..256 or null | no |");
  });

  it("a field added to a schema changes its table", () => {
    const extended = responseCompletedSchema.in.extend({
      mood: z.enum(["calm", "angry"]).describe("How the user felt."),
    });
    const rows = fieldRows(z.toJSONSchema(extended, { io: "input" }));
    expect(rows.find((row) => row.path === "mood")).toEqual({
      path: "mood",
      type: "`calm` | `angry`",
      required: true,
      description: "How the user felt.",
    });
  });
});
