import { bearerToken, HttpError, sendJson, type Route } from "@answerscope/runtime";
import {
  activeKeyHashOf,
  createStoredKey,
  revokeStoredKey,
  type ReloadingKeyRing,
  type Warehouse,
} from "@answerscope/warehouse";
import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { z } from "zod";
import { jsonBody, orUnavailable } from "./json-body";

export const SESSIONS_PATH = "/api/v1/sessions";

export interface SessionRoutesOptions {
  warehouse: Warehouse;
  keys: ReloadingKeyRing;
  /** How long a session lasts (SESSION_TTL_S). */
  ttlSeconds: number;
}

const OpenBodySchema = z.object({ tenant_id: z.string().regex(TENANT_ID_PATTERN) });

/**
 * The dashboard's login and logout. Opening takes a tenant's read key and answers a session token
 * (a stored key of kind `session`: only its hash is kept, with an expiry) that reads like the key;
 * closing revokes the token, so a copy of the dashboard's cookie is refused from then on, here at
 * once and by every other API process at its next key reload.
 */
export function sessionRoutes(options: SessionRoutesOptions): Route[] {
  const { warehouse, keys, ttlSeconds } = options;
  return [
    {
      method: "POST",
      path: SESSIONS_PATH,
      handler: async (req, res) => {
        const token = bearerToken(req.headers.authorization);
        const identity = token ? keys.lookup(token) : undefined;
        if (!token || !identity) throw new HttpError("unauthenticated", "missing or unknown read key");
        const { tenant_id } = await jsonBody(req, OpenBodySchema);
        if (identity.kind !== "read" || keys.session(token))
          throw new HttpError("forbidden", "only a read key opens a session");
        if (identity.tenantId !== tenant_id)
          throw new HttpError("forbidden", `this key cannot read tenant ${tenant_id}`);
        const expiresAtMs = Date.now() + ttlSeconds * 1000;
        const { key, secret } = await orUnavailable(
          createStoredKey(warehouse, { tenantId: tenant_id, kind: "session", expiresAtMs }),
        );
        keys.add(activeKeyHashOf(key, secret));
        sendJson(res, 201, { token: secret, expires_at: new Date(expiresAtMs).toISOString() });
      },
    },
    {
      method: "POST",
      path: `${SESSIONS_PATH}/close`,
      handler: async (req, res) => {
        const token = bearerToken(req.headers.authorization);
        const session = token ? keys.session(token) : undefined;
        if (!session) throw new HttpError("unauthenticated", "missing, unknown or closed session token");
        keys.drop(session.keyId);
        await orUnavailable(revokeStoredKey(warehouse, session.tenantId, session.keyId));
        sendJson(res, 200, { closed: true });
      },
    },
  ];
}
