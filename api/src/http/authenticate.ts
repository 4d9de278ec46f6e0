import { bearerToken, HttpError, type KeyRing } from "@answerscope/runtime";
import type { IncomingMessage } from "node:http";

/**
 * The tenant a request may read: a known `read` key's tenant. No or an unknown key is 401;
 * an ingest key is 403, because a key that can write must not also read (docs/api.md).
 */
export function authenticateReader(req: IncomingMessage, keys: KeyRing): string {
  const token = bearerToken(req.headers.authorization);
  if (!token) throw new HttpError("unauthenticated", "missing Authorization: Bearer <read key>");
  const key = keys.lookup(token);
  if (!key) throw new HttpError("unauthenticated", "unknown key");
  if (key.kind !== "read") throw new HttpError("forbidden", "an ingest key cannot read; use a read key");
  return key.tenantId;
}
