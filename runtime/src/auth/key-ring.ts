import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import { z } from "zod";

export const KEY_KINDS = ["ingest", "read"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

const KeyEntrySchema = z.object({
  key: z.string().min(16, "keys must be at least 16 characters"),
  tenant_id: z.string().regex(TENANT_ID_PATTERN),
  kind: z.enum(KEY_KINDS),
});
export const KeyFileSchema = z.object({ keys: z.array(KeyEntrySchema) });
export type KeyEntry = z.output<typeof KeyEntrySchema>;

export interface KeyRing {
  /** The key's tenant and kind, or undefined for an unknown key. */
  lookup(presented: string): { tenantId: string; kind: KeyKind } | undefined;
  readonly size: number;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Keys are compared by digest in constant time, so a lookup leaks neither length nor prefix. */
export function createKeyRing(entries: KeyEntry[]): KeyRing {
  const digests = entries.map((entry) => ({ digest: digest(entry.key), tenantId: entry.tenant_id, kind: entry.kind }));
  return {
    size: digests.length,
    lookup(presented) {
      const candidate = digest(presented);
      let found: { tenantId: string; kind: KeyKind } | undefined;
      for (const entry of digests)
        if (timingSafeEqual(entry.digest, candidate)) found = { tenantId: entry.tenantId, kind: entry.kind };
      return found;
    },
  };
}

/** `kind:tenant:key` entries separated by commas (ANSWERSCOPE_KEYS), and/or a JSON key file. */
export function loadKeyRing(source: { file?: string; inline?: string }): KeyRing {
  const entries: KeyEntry[] = [];
  if (source.file) entries.push(...KeyFileSchema.parse(JSON.parse(readFileSync(source.file, "utf8"))).keys);
  for (const item of (source.inline ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [kind, tenant_id, ...rest] = item.split(":");
    entries.push(KeyEntrySchema.parse({ kind, tenant_id, key: rest.join(":") }));
  }
  return createKeyRing(entries);
}

/** The bearer token of a request, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}
