// Rewrites the generated lists of docs/events.md and docs/metrics.md from the contract (fields of
// each event, topics, limits, vocabularies). Run `npm run docs` (root) after changing a schema and
// commit the result: src/docs/contract-docs.test.ts fails while a doc is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { contractDocSections, replaceMarkedSections } from "../src/docs/index";

const docsDir = new URL("../../docs/", import.meta.url);
for (const [file, sections] of Object.entries(contractDocSections())) {
  const path = new URL(file, docsDir);
  writeFileSync(path, replaceMarkedSections(readFileSync(path, "utf8"), sections));
  console.log(`wrote docs/${file}`);
}
