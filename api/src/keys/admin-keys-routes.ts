import { sendJson, HttpError, type Route } from "@answerscope/runtime";
import {
  activeKeyHashOf,
  ADMIN_KEYS_PATH,
  listStoredKeys,
  NewKeySchema,
  revokeStoredKey,
  storedKeyToJson,
  storeNewKey,
  type ReloadingKeyRing,
  type Warehouse,
} from "@answerscope/warehouse";
import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { z } from "zod";
import { requireAdmin } from "./admin-credential";
import { jsonBody, orUnavailable } from "./json-body";

export interface KeysRoutesOptions {
  warehouse: Warehouse;
  keys: ReloadingKeyRing;
  /** ANSWERSCOPE_ADMIN_KEY; absent, the admin routes refuse everyone. */
  adminKey: string | undefined;
}

const RevokeBodySchema = z.object({ tenant_id: z.string().regex(TENANT_ID_PATTERN) });

/**
 * `answerscope keys` through a running server (the embedded engine's data directory is open in one
 * process only): create, list and revoke stored keys. A key created or revoked here takes effect in
 * this process at once, in the others at their next reload.
 */
export function adminKeysRoutes(options: KeysRoutesOptions): Route[] {
  const { warehouse, keys, adminKey } = options;
  return [
    {
      method: "POST",
      path: ADMIN_KEYS_PATH,
      handler: async (req, res) => {
        requireAdmin(req, adminKey);
        const { key, secret } = await orUnavailable(storeNewKey(warehouse, await jsonBody(req, NewKeySchema)));
        keys.add(activeKeyHashOf(key, secret));
        sendJson(res, 201, { key: storedKeyToJson(key), secret });
      },
    },
    {
      method: "GET",
      path: ADMIN_KEYS_PATH,
      handler: async (req, res, url) => {
        requireAdmin(req, adminKey);
        const tenantId = url.searchParams.get("tenant_id") ?? undefined;
        if (tenantId !== undefined && !TENANT_ID_PATTERN.test(tenantId))
          throw new HttpError("invalid_request", "tenant_id is not a tenant id");
        sendJson(res, 200, { keys: (await orUnavailable(listStoredKeys(warehouse, tenantId))).map(storedKeyToJson) });
      },
    },
    {
      method: "POST",
      path: `${ADMIN_KEYS_PATH}/{key_id}/revoke`,
      handler: async (req, res, _url, params) => {
        requireAdmin(req, adminKey);
        const { tenant_id } = await jsonBody(req, RevokeBodySchema);
        const revoked = await orUnavailable(revokeStoredKey(warehouse, tenant_id, params.key_id!));
        if (!revoked) throw new HttpError("not_found", `tenant ${tenant_id} has no key ${params.key_id}`);
        keys.drop(revoked.keyId);
        sendJson(res, 200, { key: storedKeyToJson(revoked) });
      },
    },
  ];
}
