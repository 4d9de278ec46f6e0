// Rewrites the route reference of docs/api.md from the OpenAPI document. Run `npm run docs` (root)
// after changing a route's schemas and commit the result: src/openapi/api-docs.test.ts fails while
// the doc is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { replaceMarkedSections } from "@answerscope/contracts";
import { apiDocSections, API_DOC_FILE } from "../src/openapi/api-docs";

writeFileSync(API_DOC_FILE, replaceMarkedSections(readFileSync(API_DOC_FILE, "utf8"), apiDocSections()));
console.log("wrote docs/api.md");
