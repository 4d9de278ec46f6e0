import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { z } from "zod";
import type { Warehouse } from "../client";
import { createStoredKey, STORED_KEY_KINDS, type StoredKey } from "./stored-keys";

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const msOrNull = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** A stored key as the admin route answers it and `answerscope keys` reads it: never a secret nor a hash. */
export const StoredKeyJsonSchema = z.object({
  key_id: z.string(),
  tenant_id: z.string(),
  kind: z.enum(STORED_KEY_KINDS),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime().nullable().describe("null: never expires"),
  revoked_at: z.iso.datetime().nullable().describe("null: not revoked"),
});
export type StoredKeyJson = z.output<typeof StoredKeyJsonSchema>;

export const storedKeyToJson = (key: StoredKey): StoredKeyJson => ({
  key_id: key.keyId,
  tenant_id: key.tenantId,
  kind: key.kind,
  created_at: new Date(key.createdAtMs).toISOString(),
  expires_at: isoOrNull(key.expiresAtMs),
  revoked_at: isoOrNull(key.revokedAtMs),
});

export const storedKeyFromJson = (json: StoredKeyJson): StoredKey => ({
  keyId: json.key_id,
  tenantId: json.tenant_id,
  kind: json.kind,
  createdAtMs: Date.parse(json.created_at),
  expiresAtMs: msOrNull(json.expires_at),
  revokedAtMs: msOrNull(json.revoked_at),
});

/** What creating a key asks: the CLI's flags and the admin route's body alike. Sessions are opened at login only. */
export const NewKeySchema = z.object({
  tenant_id: z.string().regex(TENANT_ID_PATTERN),
  kind: z.enum(["ingest", "read"]),
  expires_at: z.iso.datetime().nullable().default(null),
});
export type NewKey = z.output<typeof NewKeySchema>;

/** Stores a key asked for by the CLI or the admin route. */
export const storeNewKey = (w: Warehouse, key: NewKey) =>
  createStoredKey(w, {
    tenantId: key.tenant_id,
    kind: key.kind,
    expiresAtMs: key.expires_at === null ? null : Date.parse(key.expires_at),
  });

/** The admin route's answer to a create: the secret, shown this once. */
export const CreatedKeyJsonSchema = z.object({ key: StoredKeyJsonSchema, secret: z.string() });

/** The query API's admin route for keys (create: POST; list: GET ?tenant_id=; revoke: POST {path}/{key_id}/revoke). */
export const ADMIN_KEYS_PATH = "/api/v1/admin/keys";

/** The admin route's answer to a list and to a revoke. */
export const KeyListJsonSchema = z.object({ keys: z.array(StoredKeyJsonSchema) });
export const RevokedKeyJsonSchema = z.object({ key: StoredKeyJsonSchema });
