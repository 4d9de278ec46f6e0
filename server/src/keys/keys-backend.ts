import {
  ADMIN_KEYS_PATH,
  CreatedKeyJsonSchema,
  KeyListJsonSchema,
  listStoredKeys,
  RevokedKeyJsonSchema,
  revokeStoredKey,
  storedKeyFromJson,
  storeNewKey,
  type NewKey,
  type StoredKey,
  type Warehouse,
} from "@answerscope/warehouse";

/** Where `answerscope keys` reads and writes the keys: the warehouse itself, or a running serve's admin route. */
export interface KeysBackend {
  create(key: NewKey): Promise<{ key: StoredKey; secret: string }>;
  list(tenantId?: string): Promise<StoredKey[]>;
  /** undefined: the tenant has no key of that id. */
  revoke(tenantId: string, keyId: string): Promise<StoredKey | undefined>;
  close(): Promise<void>;
}

export const warehouseBackend = (w: Warehouse): KeysBackend => ({
  create: (key) => storeNewKey(w, key),
  list: (tenantId) => listStoredKeys(w, tenantId),
  revoke: (tenantId, keyId) => revokeStoredKey(w, tenantId, keyId),
  close: () => w.close(),
});

/** The admin route of a running serve (its query API), authenticated by the admin credential. */
export function adminRouteBackend(apiUrl: string, adminKey: string): KeysBackend {
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    schema: { parse(value: unknown): T },
    body?: object,
  ): Promise<T | undefined> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl.replace(/\/+$/, "")}${ADMIN_KEYS_PATH}${path}`, {
        method,
        headers: { authorization: `Bearer ${adminKey}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new Error(
        `the running server's admin route at ${apiUrl} could not be reached (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    if (response.status === 404 && path.endsWith("/revoke")) return undefined;
    const text = await response.text();
    if (!response.ok) {
      const message = (() => {
        try {
          return (JSON.parse(text) as { error?: { message?: string } }).error?.message;
        } catch {
          return undefined;
        }
      })();
      throw new Error(`the admin route answered ${response.status}: ${message ?? text.slice(0, 200)}`);
    }
    return schema.parse(JSON.parse(text));
  }
  return {
    async create(key) {
      const created = (await call("POST", "", CreatedKeyJsonSchema, key))!;
      return { key: storedKeyFromJson(created.key), secret: created.secret };
    },
    async list(tenantId) {
      const query = tenantId === undefined ? "" : `?${new URLSearchParams({ tenant_id: tenantId }).toString()}`;
      return (await call("GET", query, KeyListJsonSchema))!.keys.map(storedKeyFromJson);
    },
    async revoke(tenantId, keyId) {
      const revoked = await call("POST", `/${encodeURIComponent(keyId)}/revoke`, RevokedKeyJsonSchema, {
        tenant_id: tenantId,
      });
      return revoked && storedKeyFromJson(revoked.key);
    },
    close: async () => {},
  };
}
