import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QUERY_ROUTES } from "../routes/index";
import { buildOpenApiDocument } from "./document";
import { formatOpenApiDocument, OPENAPI_FILE } from "./document-file";

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("is the checked-in api/openapi.json (run `npm run openapi -w @answerscope/api` after changing a schema)", () => {
    expect(readFileSync(OPENAPI_FILE, "utf8")).toBe(formatOpenApiDocument(document));
  });

  it("describes every query route with its parameters and answers", () => {
    expect(Object.keys(document.paths)).toEqual(QUERY_ROUTES.map((route) => route.path));
    const tools = document.paths["/api/v1/tools"]!.get;
    const names = tools.parameters.map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(["from", "to", "tenant_id", "model", "tool_name", "group_by"]));
    expect(tools.parameters.find((parameter) => parameter.name === "from")).toMatchObject({
      in: "query",
      required: true,
    });
    expect(tools.parameters.find((parameter) => parameter.name === "model")).toMatchObject({
      required: false,
      style: "form",
      explode: true,
    });
    const response = document.paths["/api/v1/responses/{response_id}"]!.get;
    expect(response.parameters[0]).toMatchObject({ name: "response_id", in: "path", required: true });
    expect(Object.keys(response.responses)).toContain("404");
    for (const route of QUERY_ROUTES) expect(document.components.schemas[route.responseName]).toBeDefined();
  });
});
