import { createHash, randomBytes } from "node:crypto";
import { queryRows, type Warehouse } from "../client";
import { insertRows } from "../insert-rows";
import { sqlValue } from "../sql/escape";

/** The table of migration 0019. */
export const KEYS_TABLE = "api_keys";

/** The kinds a stored key can have: `session` is a dashboard login, a read key that expires and ends at logout. */
export const STORED_KEY_KINDS = ["ingest", "read", "session"] as const;
export type StoredKeyKind = (typeof STORED_KEY_KINDS)[number];

/** A stored key as `keys list` and the admin route show it: never its secret, nor its hash. */
export interface StoredKey {
  keyId: string;
  tenantId: string;
  kind: StoredKeyKind;
  createdAtMs: number;
  /** null: it never expires. */
  expiresAtMs: number | null;
  /** null: not revoked. */
  revokedAtMs: number | null;
}

/** What the key ring needs of an active stored key: the hash to match a presented secret against. */
export interface ActiveKeyHash {
  keyId: string;
  keyHash: string;
  tenantId: string;
  kind: StoredKeyKind;
  expiresAtMs: number | null;
}

/** sha256 (hex) of a secret: the only form in which a key is stored. A secret is 32 random bytes, so a fast hash is enough. */
export const keyHash = (secret: string): string => createHash("sha256").update(secret).digest("hex");

/** What the key ring holds of a key just created, with its secret: for a process to take it at once. */
export const activeKeyHashOf = (key: StoredKey, secret: string): ActiveKeyHash => ({
  keyId: key.keyId,
  keyHash: keyHash(secret),
  tenantId: key.tenantId,
  kind: key.kind,
  expiresAtMs: key.expiresAtMs,
});

interface KeyRow {
  key_id: string;
  key_tenant: string;
  key_kind: string;
  hash: string;
  created: string | number;
  expires: string | number;
  revoked: string | number;
}

const orNull = (ms: string | number): number | null => (Number(ms) === 0 ? null : Number(ms));

/**
 * One row per key: any() of the columns that never change, max of revoked_at_ms (0 until revoked),
 * so the answer never depends on merges (migration 0019). Aliases differ from the columns: 18.16
 * would read a column inside an aggregate as the alias.
 */
function keysSql(w: Warehouse, where: string, having = ""): string {
  return `SELECT key_id, any(tenant_id) AS key_tenant, any(kind) AS key_kind, any(key_hash) AS hash, min(created_at_ms) AS created,
       any(expires_at_ms) AS expires, max(revoked_at_ms) AS revoked
     FROM ${w.table(KEYS_TABLE)} ${where} GROUP BY key_id ${having} ORDER BY created, key_id`;
}

const toStoredKey = (row: KeyRow): StoredKey => ({
  keyId: row.key_id,
  tenantId: row.key_tenant,
  kind: row.key_kind as StoredKeyKind,
  createdAtMs: Number(row.created),
  expiresAtMs: orNull(row.expires),
  revokedAtMs: orNull(row.revoked),
});

/** Creates a key and stores its hash; the secret is in the answer only, to be shown once. */
export async function createStoredKey(
  w: Warehouse,
  input: { tenantId: string; kind: StoredKeyKind; expiresAtMs?: number | null },
  nowMs = Date.now(),
): Promise<{ key: StoredKey; secret: string }> {
  const secret = `as_${randomBytes(32).toString("base64url")}`;
  const key: StoredKey = {
    keyId: `key_${randomBytes(8).toString("hex")}`,
    tenantId: input.tenantId,
    kind: input.kind,
    createdAtMs: nowMs,
    expiresAtMs: input.expiresAtMs ?? null,
    revokedAtMs: null,
  };
  await insertRows(w, KEYS_TABLE, [rowOf(key, keyHash(secret), nowMs)]);
  return { key, secret };
}

const rowOf = (key: StoredKey, hash: string, updatedAtMs: number) => ({
  key_id: key.keyId,
  tenant_id: key.tenantId,
  kind: key.kind,
  key_hash: hash,
  created_at_ms: key.createdAtMs,
  expires_at_ms: key.expiresAtMs ?? 0,
  revoked_at_ms: key.revokedAtMs ?? 0,
  updated_at_ms: updatedAtMs,
});

/** The tenant's stored keys (every tenant's without one), revoked and expired ones included. */
export async function listStoredKeys(w: Warehouse, tenantId?: string): Promise<StoredKey[]> {
  const rows = await queryRows<KeyRow>(
    w,
    keysSql(w, tenantId === undefined ? "" : `WHERE tenant_id = ${sqlValue(tenantId)}`),
  );
  return rows.map(toStoredKey);
}

/**
 * Revokes one of the tenant's keys; undefined when the tenant has no key of that id (a key of
 * another tenant is not found either). Revoking a revoked key changes nothing.
 */
export async function revokeStoredKey(
  w: Warehouse,
  tenantId: string,
  keyId: string,
  nowMs = Date.now(),
): Promise<StoredKey | undefined> {
  const [row] = await queryRows<KeyRow>(
    w,
    keysSql(w, `WHERE tenant_id = ${sqlValue(tenantId)} AND key_id = ${sqlValue(keyId)}`),
  );
  if (!row) return undefined;
  const key = toStoredKey(row);
  if (key.revokedAtMs !== null) return key;
  const revoked = { ...key, revokedAtMs: nowMs };
  await insertRows(w, KEYS_TABLE, [rowOf(revoked, row.hash, nowMs)]);
  return revoked;
}

/**
 * Every tenant's keys that are neither revoked nor expired at `nowMs`, with their hashes: what the
 * key ring reloads (it is the one reader across tenants, since a presented key names no tenant).
 * Every service reads this every few seconds while each login adds a session that expires and is
 * never deleted, so expired keys are left out before the GROUP BY (expires_at_ms is the same in
 * every row of a key): the aggregation grows with the live keys, not with every login ever made.
 */
export async function activeKeyHashes(w: Warehouse, nowMs = Date.now()): Promise<ActiveKeyHash[]> {
  const now = sqlValue(Math.trunc(nowMs));
  const rows = await queryRows<KeyRow>(
    w,
    keysSql(w, `WHERE expires_at_ms = 0 OR expires_at_ms > ${now}`, "HAVING revoked = 0"),
  );
  return rows.map((row) => ({
    keyId: row.key_id,
    keyHash: row.hash,
    tenantId: row.key_tenant,
    kind: row.key_kind as StoredKeyKind,
    expiresAtMs: orNull(row.expires),
  }));
}
