import { hostname } from "node:os";
import type { Warehouse } from "../client";
import { queryRows } from "../client";
import { onClusterClause } from "./ddl";
import { sqlValue } from "./escape";

/** ClickHouse's "table already exists". */
const ALREADY_EXISTS = /Code: 57\b|already exists/;
/** ClickHouse's "table doesn't exist". */
const DOES_NOT_EXIST = /Code: 60\b/;

/** Who holds a lock and since when, as its table's DDL records them. */
export interface LockHolder {
  holder: string;
  /** Absent for a lock table made without it (before leases): such a lock is never taken over. */
  acquiredAtMs?: number;
}

/** What the lock's holder knows of its lease. */
export interface HeldLock extends LockHolder {
  acquiredAtMs: number;
  /**
   * False once half the lease has passed: a holder starts no new step then, so it is done well
   * before a waiter may take the lock over. Always true without a lease.
   */
  inLease(): boolean;
}

export interface TableLockOptions {
  /** How long a waiter waits before it gives up with an error naming the holder. */
  timeoutMs?: number;
  pollMs?: number;
  /**
   * A lock held longer than this is taken for abandoned (its holder was killed) and taken over.
   * Absent: never taken over (the migration lock: a migration may run for hours). Holders'
   * clocks must agree to well within the lease.
   */
  leaseMs?: number;
  /** Tells of a lock taken over. */
  log?: (message: string) => void;
}

/** How long the take-over guard may be held: a take-over is two reads and a DROP. */
const TAKE_OVER_GUARD_LEASE_MS = 60_000;

const defaultLockHolder = (): string => `${hostname()}:${process.pid}`;

/**
 * The CREATE that takes the lock: the holder and the time it was taken are column comments, so
 * the DDL itself carries them to every node of a cluster (a row inserted would stay on one).
 */
export function lockTableDdl(
  warehouse: Warehouse,
  lockTable: string,
  holder: LockHolder & { acquiredAtMs: number },
): string {
  return `CREATE TABLE ${warehouse.table(lockTable)} ${onClusterClause(warehouse.target)}
    (holder String COMMENT ${sqlValue(holder.holder)}, acquired_at_ms UInt64 COMMENT ${sqlValue(String(holder.acquiredAtMs))}) ENGINE = Log`;
}

/**
 * A mutual-exclusion lock between processes (migration runners, view repairers), made of a table
 * `lockTable` that only one CREATE can create.
 *
 * ClickHouse has no locks, but a CREATE TABLE without IF NOT EXISTS succeeds once. On a cluster
 * the statement runs ON CLUSTER: ZooKeeper orders the distributed DDL queue, every node executes
 * it in that order, so the same runner wins on every node. A loser waits until the table is gone
 * (the winner drops it when done) and tries again.
 *
 * A runner killed while holding the lock leaves the table behind. With `leaseMs`, a waiter that
 * finds the lock older than its lease drops it and competes for it again; take-overs go one at a
 * time through a guard lock, and each drops the lock only if it still is the one found abandoned
 * (same holder, same time), so a waiter that saw an abandoned lock never drops the fresh one
 * another waiter took meanwhile. Without a lease, the error after `timeoutMs` says how to remove it.
 */
export function withTableLock<T>(
  warehouse: Warehouse,
  lockTable: string,
  run: (lock: HeldLock) => Promise<T>,
  options: TableLockOptions = {},
): Promise<T> {
  return holding(warehouse, lockTable, run, options, "guarded");
}

type TakeOvers = "guarded" | "unguarded";

async function holding<T>(
  warehouse: Warehouse,
  lockTable: string,
  run: (lock: HeldLock) => Promise<T>,
  options: TableLockOptions,
  takeOvers: TakeOvers,
): Promise<T> {
  const held = await acquire(warehouse, lockTable, options, takeOvers);
  try {
    return await run(held);
  } finally {
    await dropLock(warehouse, lockTable);
  }
}

/** Frees the lock (on every node of a cluster). */
const dropLock = (warehouse: Warehouse, lockTable: string) =>
  warehouse.client.command({
    query: `DROP TABLE IF EXISTS ${warehouse.table(lockTable)} ${onClusterClause(warehouse.target)}`,
  });

async function acquire(
  warehouse: Warehouse,
  lockTable: string,
  options: TableLockOptions,
  takeOvers: TakeOvers,
): Promise<HeldLock> {
  const { timeoutMs = 10 * 60_000, pollMs = 200, leaseMs } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const acquiredAtMs = Date.now();
    const holder = defaultLockHolder();
    try {
      await warehouse.client.command({ query: lockTableDdl(warehouse, lockTable, { holder, acquiredAtMs }) });
      return { holder, acquiredAtMs, inLease: () => leaseMs === undefined || Date.now() < acquiredAtMs + leaseMs / 2 };
    } catch (error) {
      if (!ALREADY_EXISTS.test(String(error))) throw error;
    }
    // Held by another runner: wait on this node until it is dropped, without queueing DDL meanwhile.
    for (
      let current = await lockHolderOf(warehouse, lockTable);
      current !== null;
      current = await lockHolderOf(warehouse, lockTable)
    ) {
      if (leaseMs !== undefined && isAbandoned(current, leaseMs)) {
        await takeOver(warehouse, lockTable, current, options.log, takeOvers);
        continue;
      }
      if (Date.now() > deadline) throw new Error(heldTooLong(warehouse, lockTable, current, timeoutMs, leaseMs));
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}

const isAbandoned = (current: LockHolder, leaseMs: number) =>
  current.acquiredAtMs !== undefined && Date.now() - current.acquiredAtMs > leaseMs;

function heldTooLong(
  warehouse: Warehouse,
  lockTable: string,
  current: LockHolder,
  timeoutMs: number,
  leaseMs: number | undefined,
): string {
  const lock = warehouse.table(lockTable);
  const by = `${current.holder || "an unknown holder"}${current.acquiredAtMs === undefined ? "" : ` since ${new Date(current.acquiredAtMs).toISOString()}`}`;
  const remedy =
    leaseMs !== undefined && current.acquiredAtMs !== undefined
      ? `it is taken over once held for ${leaseMs} ms`
      : `if none is running, remove it with DROP TABLE ${lock} ${onClusterClause(warehouse.target)}`.trim();
  return `another process (${by}) has held ${lock} for over ${timeoutMs} ms; ${remedy}`;
}

/** Drops `abandoned` if it still holds the lock, under a guard lock that take-overs share. */
async function takeOver(
  warehouse: Warehouse,
  lockTable: string,
  abandoned: LockHolder,
  log: TableLockOptions["log"],
  takeOvers: TakeOvers,
): Promise<void> {
  const dropIfStillAbandoned = async () => {
    const current = await lockHolderOf(warehouse, lockTable);
    if (current?.holder !== abandoned.holder || current.acquiredAtMs !== abandoned.acquiredAtMs) return;
    await dropLock(warehouse, lockTable);
    log?.(
      `took over ${warehouse.table(lockTable)}, held by ${abandoned.holder} since ${new Date(abandoned.acquiredAtMs!).toISOString()}, past its lease`,
    );
  };
  if (takeOvers === "unguarded") return dropIfStillAbandoned();
  // The guard's own take-over is unguarded (a guard held past its lease was surely left by a
  // killed take-over, whose work takes milliseconds), which ends the recursion.
  await holding(
    warehouse,
    `${lockTable}_takeover`,
    dropIfStillAbandoned,
    { leaseMs: TAKE_OVER_GUARD_LEASE_MS, timeoutMs: 2 * TAKE_OVER_GUARD_LEASE_MS, log },
    "unguarded",
  );
}

/** The lock's holder as its columns' comments say, or null when the lock is free. */
export async function lockHolderOf(warehouse: Warehouse, lockTable: string): Promise<LockHolder | null> {
  let columns: { name: string; comment: string }[];
  try {
    columns = await queryRows<{ name: string; comment: string }>(
      warehouse,
      `SELECT name, comment FROM system.columns WHERE database = ${sqlValue(warehouse.target.database)} AND table = ${sqlValue(lockTable)}`,
    );
  } catch (error) {
    // 18.16 can fail a read of system tables with "doesn't exist" while the lock table is being
    // dropped (seen in CI): the lock is on its way out, so look again.
    if (DOES_NOT_EXIST.test(String(error))) return { holder: "" };
    throw error;
  }
  if (columns.length === 0) return null;
  const comment = (name: string) => columns.find((column) => column.name === name)?.comment ?? "";
  const acquiredAtMs = Number(comment("acquired_at_ms"));
  return {
    holder: comment("holder"),
    acquiredAtMs: comment("acquired_at_ms") !== "" && Number.isFinite(acquiredAtMs) ? acquiredAtMs : undefined,
  };
}
