import { createHash } from "node:crypto";
import { bearerToken, HttpError, readBody, type Handler, type KeyRing, type RateLimiter } from "@answerscope/runtime";
import type { IngestMetrics } from "../metrics";

/**
 * Authenticates a write and returns the ingest key's tenant, and the key's digest (the rate
 * limit's bucket): 401 without a known key, 403 for a read key. `what` names what the route writes.
 */
export function authorize(
  header: string | undefined,
  keys: KeyRing,
  what: "events" | "spans",
): { tenantId: string; keyDigest: string } {
  const token = bearerToken(header);
  if (!token) throw new HttpError("unauthenticated", "missing Authorization: Bearer <ingest key>");
  const key = keys.lookup(token);
  if (!key) throw new HttpError("unauthenticated", "unknown key");
  if (key.kind !== "ingest") throw new HttpError("forbidden", `a read key cannot write ${what}`);
  return { tenantId: key.tenantId, keyDigest: createHash("sha256").update(token).digest("base64") };
}

/**
 * The body, counting a refusal for its size; a key over its rate is refused (429, Retry-After)
 * before the body is read. Every write route admits through here, so one key has one rate.
 */
export async function admittedBody(
  req: Parameters<Handler>[0],
  options: { limiter?: RateLimiter; maxBodyBytes: number; metrics: Pick<IngestMetrics, "refused"> },
  keyDigest: string,
): Promise<Buffer> {
  const retryAfter = options.limiter?.take(keyDigest);
  if (retryAfter !== undefined) {
    options.metrics.refused.inc({ reason: "rate_limited" });
    throw new HttpError("rate_limited", `over this key's rate limit, retry in ${retryAfter} s`, {
      "retry-after": String(retryAfter),
    });
  }
  try {
    return await readBody(req, options.maxBodyBytes);
  } catch (error) {
    if (error instanceof HttpError && error.code === "too_large") options.metrics.refused.inc({ reason: "too_large" });
    throw error;
  }
}
