import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export { buildOpenApiDocument } from "./document";

/** The checked-in copy of the document, for clients generated without a running server. */
export const OPENAPI_FILE = join(dirname(fileURLToPath(import.meta.url)), "../../openapi.json");

export const formatOpenApiDocument = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
