import { readFileSync } from "node:fs";
import { replaceMarkedSections } from "@answerscope/contracts";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { QUERY_ROUTES } from "../routes/index";
import { apiDocSections, API_DOC_FILE } from "./api-docs";
import { buildOpenApiDocument } from "./document";

describe("docs/api.md route reference", () => {
  it("is up to date with the route schemas (run `npm run docs`)", () => {
    const doc = readFileSync(API_DOC_FILE, "utf8");
    expect(doc, "docs/api.md is stale: run `npm run docs`").toBe(replaceMarkedSections(doc, apiDocSections()));
  });

  it("documents every route, and says which answer fields can be null", () => {
    const routes = apiDocSections()["api.routes"]!;
    for (const route of QUERY_ROUTES) expect(routes).toContain(`### \`GET ${route.path}\``);
    expect(routes).toContain("| `labels.evaluated_through` | RFC 3339 date-time or null | yes |");
    expect(routes).toContain("| `written_through` | RFC 3339 date-time or null | yes |");
    expect(routes).toContain("Also 404 not_found");
  });

  it("a field added to an answer changes the reference", () => {
    const route = QUERY_ROUTES.find((candidate) => candidate.path === "/api/v1/labels/freshness")!;
    const extended = {
      ...route,
      response: (route.response as z.ZodObject).extend({ next_run_at: z.iso.datetime().nullable() }),
    };
    const routes = apiDocSections(buildOpenApiDocument([extended]))["api.routes"]!;
    expect(routes).toContain("| `next_run_at` | RFC 3339 date-time or null | yes |");
  });
});
