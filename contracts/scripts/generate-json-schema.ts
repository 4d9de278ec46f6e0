// Writes json-schema/<event_type>.schema.json and json-schema/event.schema.json from the zod
// schemas. Run with `npm run schemas` (root) or `npm run schemas -w @answerscope/contracts`, and
// commit the result: src/json-schema.test.ts fails while the files are stale.
import { mkdirSync, writeFileSync } from "node:fs";
import { buildJsonSchemas, formatJsonSchema } from "../src/json-schema";

const outDir = new URL("../json-schema/", import.meta.url);
mkdirSync(outDir, { recursive: true });
for (const [fileName, schema] of Object.entries(buildJsonSchemas())) {
  writeFileSync(new URL(fileName, outDir), formatJsonSchema(schema));
  console.log(`wrote json-schema/${fileName}`);
}
