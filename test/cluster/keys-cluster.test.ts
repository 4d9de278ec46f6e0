import {
  activeKeyHashes,
  createStoredKey,
  keyHash,
  listStoredKeys,
  revokeStoredKey,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeWarehouse } from "../src/cluster";
import { waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

/**
 * Keys as data on a 2-shard cluster: a key stored through one node (each tenant's rows on its
 * shard, api_keys' sharding key) is read by the key ring through another, and so is its revocation.
 */
describe("stored keys on a cluster", () => {
  let writer: Warehouse;
  let reader: Warehouse;
  beforeAll(async () => {
    const created = await createTestWarehouse("as_ckeys");
    writer = created.warehouse;
    reader = nodeWarehouse("s2r2", created.database);
  });
  afterAll(async () => {
    await reader.close();
    await dropTestWarehouse(writer);
  });

  it("reads every tenant's keys through any node, and a revocation too", async () => {
    const tenants = ["acme", "globex", "initech", "umbrella"];
    const created = await Promise.all(tenants.map((tenantId) => createStoredKey(writer, { tenantId, kind: "ingest" })));
    const hashes = created.map(({ secret }) => keyHash(secret)).sort();
    const active = () => activeKeyHashes(reader).then((keys) => keys.map((key) => key.keyHash).sort());
    await waitFor(active, (seen) => JSON.stringify(seen) === JSON.stringify(hashes), {
      timeoutMs: 30_000,
      what: "every key through the other node",
    });

    const [revoked] = created;
    expect(await revokeStoredKey(writer, "acme", revoked!.key.keyId)).toMatchObject({
      keyId: revoked!.key.keyId,
      revokedAtMs: expect.any(Number),
    });
    await waitFor(active, (seen) => !seen.includes(keyHash(revoked!.secret)) && seen.length === 3, {
      timeoutMs: 30_000,
      what: "the revocation through the other node",
    });
    expect((await listStoredKeys(reader, "acme")).map((key) => [key.keyId, key.revokedAtMs !== null])).toEqual([
      [revoked!.key.keyId, true],
    ]);
  });
});
