// Writes api/openapi.json from the route schemas; a unit test fails when the checked-in file is stale.
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument, OPENAPI_FILE, formatOpenApiDocument } from "../src/openapi/document-file";

writeFileSync(OPENAPI_FILE, formatOpenApiDocument(buildOpenApiDocument()));
console.log(`wrote ${OPENAPI_FILE}`);
