import type { Warehouse } from "../client";
import { runPeriodically } from "../periodic";
import { deleteExpiredSessions, EXPIRED_SESSION_SWEEP_MS } from "./expired-sessions";
import { activeKeyHashes, keyHash, type ActiveKeyHash } from "./stored-keys";

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** Who a presented key is: the shape of the bootstrap key ring's answer (ANSWERSCOPE_KEYS(_FILE)). */
export interface KeyIdentity {
  tenantId: string;
  kind: "ingest" | "read";
}

/** The bootstrap ring: the keys of the file and environment, read once at start. */
export interface BootstrapRing {
  lookup(presented: string): KeyIdentity | undefined;
  readonly size: number;
}

/** The bootstrap keys and the stored ones, as they were at the last reload that succeeded. */
export interface ReloadingKeyRing extends BootstrapRing {
  /** The stored dashboard session a presented token is, or undefined (unknown, or another kind of key). */
  session(presented: string): { keyId: string; tenantId: string } | undefined;
  /** Takes a key this process just stored into the ring at once, before the next reload reads it. */
  add(key: ActiveKeyHash): void;
  /** Drops a key this process just revoked at once; the other processes drop it at their next reload. */
  drop(keyId: string): void;
  /** Reads the stored keys now (the periodic reload does the same). */
  reload(): Promise<void>;
  /** How the reloads went: for the log and the services' metrics. */
  readonly status: { reloads: number; failures: number; lastSuccessMs: number | null; lastError: string | null };
  stop(): Promise<void>;
}

export interface KeyRingReloadOptions {
  /** Between the end of a reload and the next; a new or revoked key takes effect within this plus one reload. */
  intervalMs: number;
  log: (line: string) => void;
  now?: () => number;
  /** Between two deletions of long-expired dashboard sessions (expired-sessions.ts); default hourly. */
  sessionSweepMs?: number;
}

/** How long a key added or dropped here overrides what a reload read: a write may take a moment to be readable (a cluster's Distributed insert). */
const LOCAL_CHANGE_MS = 60_000;

/**
 * A key ring that reloads the stored keys (api_keys, hashed) every `intervalMs` without a restart,
 * in front of the bootstrap keys. A reload that fails keeps the last good ring and says so: one log
 * line when reloads start failing and one when they recover, and the `status` counts for metrics.
 * Stored keys are looked up by the hash of the presented key in a map: the hash of a guess tells
 * nothing of a stored key's prefix, and the map stays fast with many dashboard sessions.
 */
export async function startKeyRingReload(
  w: Warehouse,
  bootstrap: BootstrapRing,
  options: KeyRingReloadOptions,
): Promise<ReloadingKeyRing> {
  const now = options.now ?? Date.now;
  let stored = new Map<string, ActiveKeyHash>();
  const added = new Map<string, { key: ActiveKeyHash; atMs: number }>();
  const dropped = new Map<string, number>();
  const status = { reloads: 0, failures: 0, lastSuccessMs: null as number | null, lastError: null as string | null };

  const sweepMs = options.sessionSweepMs ?? EXPIRED_SESSION_SWEEP_MS;
  let lastSweepMs = -Infinity;

  /**
   * Every login stores a session that is never used again once expired: deleted here, at most
   * every `sweepMs`, so the table and each reload's read stay the size of the live keys. A failed
   * deletion is tried again at the next sweep; the reload itself never waits on it failing.
   */
  async function sweepExpiredSessions(): Promise<void> {
    if (now() - lastSweepMs < sweepMs) return;
    lastSweepMs = now();
    await deleteExpiredSessions(w, lastSweepMs).catch((error: unknown) =>
      options.log(`key ring: deleting expired dashboard sessions failed (${errorName(error)}); tried again later`),
    );
  }

  async function reload(): Promise<void> {
    await sweepExpiredSessions();
    try {
      const keys = await activeKeyHashes(w, now());
      stored = new Map(keys.map((key) => [key.keyHash, key]));
      status.reloads += 1;
      status.lastSuccessMs = now();
      if (status.lastError !== null)
        options.log(`key ring: reloading the stored keys works again (${keys.length} active)`);
      status.lastError = null;
    } catch (error) {
      status.failures += 1;
      const message = error instanceof Error ? error.message : String(error);
      if (status.lastError === null)
        options.log(`key ring: reloading the stored keys failed, keeping the last good ring: ${message}`);
      status.lastError = message;
      throw error;
    }
  }

  /** The stored key a presented secret is, with this process's own recent changes applied. */
  function storedKey(presented: string): ActiveKeyHash | undefined {
    const hash = keyHash(presented);
    const atMs = now();
    for (const [keyId, since] of dropped) if (atMs - since > LOCAL_CHANGE_MS) dropped.delete(keyId);
    for (const [addedHash, change] of added) if (atMs - change.atMs > LOCAL_CHANGE_MS) added.delete(addedHash);
    // Found by the hash of the presented secret: a map hit is an equal hash, nothing left to compare.
    const key = stored.get(hash) ?? added.get(hash)?.key;
    if (!key || dropped.has(key.keyId)) return undefined;
    // Expired since the last reload: refused now, not at the next reload.
    if (key.expiresAtMs !== null && key.expiresAtMs <= atMs) return undefined;
    return key;
  }

  // The first read is part of the start: a service does not answer with half its keys.
  await reload().catch(() => {});
  const stopReloading = runPeriodically(reload, options.intervalMs, () => {});
  return {
    get size() {
      return bootstrap.size + stored.size;
    },
    lookup(presented) {
      const fromBootstrap = bootstrap.lookup(presented);
      if (fromBootstrap) return fromBootstrap;
      const key = storedKey(presented);
      if (!key) return undefined;
      // A session reads, like the read key it was opened with.
      return { tenantId: key.tenantId, kind: key.kind === "ingest" ? "ingest" : "read" };
    },
    session(presented) {
      const key = storedKey(presented);
      return key?.kind === "session" ? { keyId: key.keyId, tenantId: key.tenantId } : undefined;
    },
    add(key) {
      added.set(key.keyHash, { key, atMs: now() });
    },
    drop(keyId) {
      dropped.set(keyId, now());
    },
    reload,
    status,
    stop: stopReloading,
  };
}
