import type { StoredKey } from "@answerscope/warehouse";

const time = (ms: number | null, none: string) => (ms === null ? none : new Date(ms).toISOString());

/** active, expired or revoked at `nowMs`. */
export function keyState(key: StoredKey, nowMs: number): "active" | "expired" | "revoked" {
  if (key.revokedAtMs !== null) return "revoked";
  return key.expiresAtMs !== null && key.expiresAtMs <= nowMs ? "expired" : "active";
}

/** `keys list`: one line per key, with its id and never its secret (which is not stored). */
export function formatKeyList(keys: readonly StoredKey[], nowMs: number): string {
  if (keys.length === 0) return "no stored keys";
  const rows = [
    ["KEY_ID", "TENANT", "KIND", "STATE", "CREATED", "EXPIRES"],
    ...keys.map((key) => [
      key.keyId,
      key.tenantId,
      key.kind,
      keyState(key, nowMs),
      time(key.createdAtMs, ""),
      time(key.expiresAtMs, "never"),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** `keys create`: the key's id and, this once, its secret. */
export const formatCreated = (key: StoredKey, secret: string): string =>
  [
    `created ${key.kind} key ${key.keyId} for tenant ${key.tenantId}, expires ${time(key.expiresAtMs, "never")}`,
    `secret (shown once, only its hash is stored): ${secret}`,
  ].join("\n");
