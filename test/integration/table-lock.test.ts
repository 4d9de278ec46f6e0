import {
  lockHolderOf,
  lockTableDdl,
  onClusterClause,
  pendingViewRepairs,
  recordViewRepairs,
  runViewRepairs,
  withTableLock,
  type Warehouse,
} from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const LEASE_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** warehouse/src/sql/table-lock.ts on a real ClickHouse: a lock left by a killed holder is taken over past its lease, and only then. */
describe("table locks with a lease", () => {
  let warehouse: Warehouse;
  let lockNumber = 0;
  const nextLock = () => `test_lock_${++lockNumber}`;
  /** The lock as a holder that was then killed left it. */
  const leftBehind = (lock: string, holder: string, acquiredAtMs: number) =>
    warehouse.client.command({ query: lockTableDdl(warehouse, lock, { holder, acquiredAtMs }) });

  beforeAll(async () => {
    warehouse = (await createTestWarehouse("as_table_lock")).warehouse;
  });

  afterAll(async () => {
    await dropTestWarehouse(warehouse);
  });

  it("records its holder and time in the lock's DDL while held, and frees the lock after", async () => {
    const lock = nextLock();
    const before = Date.now();
    const seen = await withTableLock(
      warehouse,
      lock,
      async (held) => ({ held, stored: await lockHolderOf(warehouse, lock) }),
      { leaseMs: LEASE_MS },
    );
    expect(seen.stored).toEqual({ holder: seen.held.holder, acquiredAtMs: seen.held.acquiredAtMs });
    expect(seen.held.holder).toMatch(new RegExp(`:${process.pid}$`));
    expect(seen.held.acquiredAtMs).toBeGreaterThanOrEqual(before);
    expect(await lockHolderOf(warehouse, lock)).toBeNull();
  });

  it("waits for a holder within its lease and gives up naming it", async () => {
    const lock = nextLock();
    await leftBehind(lock, "worker-a:41", Date.now());
    let ran = false;
    await expect(
      withTableLock(warehouse, lock, async () => void (ran = true), { leaseMs: LEASE_MS, timeoutMs: 600, pollMs: 50 }),
    ).rejects.toThrow(/worker-a:41 since .* it is taken over once held for 60000 ms/);
    expect(ran).toBe(false);
    expect((await lockHolderOf(warehouse, lock))?.holder).toBe("worker-a:41");
  });

  it("takes over a lock held past its lease, and tells", async () => {
    const lock = nextLock();
    const acquiredAtMs = Date.now() - LEASE_MS - 5_000;
    await leftBehind(lock, "worker-b:42", acquiredAtMs);
    const logged: string[] = [];
    const holder = await withTableLock(warehouse, lock, async () => (await lockHolderOf(warehouse, lock))?.holder, {
      leaseMs: LEASE_MS,
      timeoutMs: 5_000,
      log: (m) => logged.push(m),
    });
    expect(holder).not.toBe("worker-b:42");
    expect(logged).toEqual([
      `took over ${warehouse.table(lock)}, held by worker-b:42 since ${new Date(acquiredAtMs).toISOString()}, past its lease`,
    ]);
    expect(await lockHolderOf(warehouse, lock)).toBeNull();
  });

  it("lets waiters that all found the same abandoned lock hold it one at a time, taking it over once", async () => {
    const lock = nextLock();
    await leftBehind(lock, "worker-c:43", Date.now() - LEASE_MS - 5_000);
    const logged: string[] = [];
    const spans: [number, number][] = [];
    const hold = () =>
      withTableLock(
        warehouse,
        lock,
        async () => {
          const start = Date.now();
          await sleep(300);
          spans.push([start, Date.now()]);
        },
        { leaseMs: LEASE_MS, timeoutMs: 20_000, pollMs: 20, log: (m) => logged.push(m) },
      );
    await Promise.all([hold(), hold(), hold()]);
    expect(spans).toHaveLength(3);
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    // A waiter that took over the lock found later held by a fresh holder must not drop it again.
    expect(logged).toHaveLength(1);
  });

  it("never takes over a lock that records no time (made before leases)", async () => {
    const lock = nextLock();
    await warehouse.client.command({
      query: `CREATE TABLE ${warehouse.table(lock)} ${onClusterClause(warehouse.target)} (holder String) ENGINE = Log`,
    });
    await expect(
      withTableLock(warehouse, lock, async () => undefined, { leaseMs: 1, timeoutMs: 500, pollMs: 50 }),
    ).rejects.toThrow(
      new RegExp(
        `an unknown holder\\) has held .*; if none is running, remove it with DROP TABLE ${warehouse.table(lock)}`,
      ),
    );
    expect(await lockHolderOf(warehouse, lock)).toEqual({ holder: "", acquiredAtMs: undefined });
  });

  it("tells its holder when half the lease has passed", async () => {
    // The lease runs from just before the CREATE, which on a cluster waits for every node.
    const inLease = await withTableLock(
      warehouse,
      nextLock(),
      async (held) => [held.inLease(), await sleep(1_600).then(() => held.inLease())],
      { leaseMs: 3_000 },
    );
    expect(inLease).toEqual([true, false]);
  });

  it("lets a view repair round past half its lease leave the next tenants for the next round", async () => {
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await recordViewRepairs(
      warehouse,
      ["t-lease-1", "t-lease-2"].map((tenantId) => ({
        tenantId,
        repairId: `lease-${tenantId}`,
        hourStarts: [hour],
        minIngestedAtMs: Date.now(),
      })),
    );
    const options = { settleMs: 50, lockTimeoutMs: 5_000, lockLeaseMs: 1 };
    expect(await runViewRepairs(warehouse, options)).toMatchObject({ pending: 2, repaired: 1 });
    expect(await pendingViewRepairs(warehouse)).toHaveLength(1);
    expect(await runViewRepairs(warehouse, options)).toMatchObject({ pending: 1, repaired: 1 });
    expect(await pendingViewRepairs(warehouse)).toHaveLength(0);
  });
});
