import { z } from "zod";
import type { Warehouse } from "../client";
import { startKeyRingReload, type BootstrapRing, type ReloadingKeyRing } from "./key-ring-reload";

/** The key settings of every service that checks keys (collector, query API); each config schema extends it. */
export const KeyRingEnvSchema = z.object({
  /** Bootstrap keys, read once at start: a JSON file `{ "keys": [{ "key", "tenant_id", "kind": "ingest" | "read" }] }`... */
  ANSWERSCOPE_KEYS_FILE: z.string().optional(),
  /** ...or inline `kind:tenant:key` entries separated by commas. */
  ANSWERSCOPE_KEYS: z.string().optional(),
  /** How often the stored keys (`answerscope keys`) are read again: a new or revoked key takes effect within this plus one read. */
  KEYS_RELOAD_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
});
export type KeyRingEnv = z.output<typeof KeyRingEnvSchema>;

/**
 * A service's key ring: the bootstrap keys (the runtime's loadKeyRing of ANSWERSCOPE_KEYS(_FILE)),
 * and the stored ones reloaded every KEYS_RELOAD_MS.
 */
export async function startServiceKeyRing(
  w: Warehouse,
  bootstrap: BootstrapRing,
  env: KeyRingEnv,
  log: (line: string) => void,
): Promise<ReloadingKeyRing> {
  const ring = await startKeyRingReload(w, bootstrap, { intervalMs: env.KEYS_RELOAD_MS, log });
  if (ring.size === 0)
    log(
      "no keys yet (ANSWERSCOPE_KEYS / ANSWERSCOPE_KEYS_FILE, or answerscope keys create): every request is 401 until one is created",
    );
  return ring;
}
