import {
  createStoredKey,
  EXPIRED_SESSION_MARGIN_MS,
  listStoredKeys,
  startKeyRingReload,
  type StoredKeyKind,
  type Warehouse,
} from "@answerscope/warehouse";
import { waitFor } from "@answerscope/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

// Dashboard sessions are stored keys of kind "session" (warehouse/src/keys/): every login adds one,
// so the key ring deletes those whose expiry passed more than a margin ago, and nothing else.

const NOW = Date.UTC(2026, 5, 1, 12);
const HOUR = 60 * 60_000;

let warehouse: Warehouse;
beforeAll(async () => {
  ({ warehouse } = await createTestWarehouse("as_expired_sessions"));
});
afterAll(() => dropTestWarehouse(warehouse));

describe("expired dashboard sessions", () => {
  it("are deleted by the key ring once past the margin; live sessions and other kinds stay", async () => {
    const create = async (kind: StoredKeyKind, expiresAtMs: number | null) =>
      (await createStoredKey(warehouse, { tenantId: "acme", kind, expiresAtMs }, NOW - 30 * 24 * HOUR)).key.keyId;
    const longExpired = await create("session", NOW - EXPIRED_SESSION_MARGIN_MS - HOUR);
    const otherLongExpired = await create("session", NOW - 10 * EXPIRED_SESSION_MARGIN_MS);
    const justExpired = await create("session", NOW - HOUR);
    const live = await create("session", NOW + HOUR);
    const expiredReadKey = await create("read", NOW - 10 * EXPIRED_SESSION_MARGIN_MS);
    const readKey = await create("read", null);
    const ids = async () => (await listStoredKeys(warehouse, "acme")).map((key) => key.keyId).sort();
    expect(await ids()).toHaveLength(6);

    const lines: string[] = [];
    const ring = await startKeyRingReload(
      warehouse,
      { lookup: () => undefined, size: 0 },
      { intervalMs: 60_000, log: (line) => lines.push(line), now: () => NOW },
    );
    try {
      // ALTER ... DELETE is applied in the background: the rows go within moments.
      const kept = await waitFor(ids, (keys) => keys.length === 4, {
        timeoutMs: 30_000,
        what: "the two long-expired sessions deleted",
      });
      expect(kept).toEqual([justExpired, live, expiredReadKey, readKey].sort());
      expect(kept).not.toContain(longExpired);
      expect(kept).not.toContain(otherLongExpired);
      expect(lines).toEqual([]);
    } finally {
      await ring.stop();
    }
  });
});
