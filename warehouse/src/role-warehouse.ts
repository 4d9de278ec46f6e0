import type { Warehouse } from "./client";

/**
 * The warehouse a role of the product runs on. `answerscope serve` runs several roles in one
 * process on one shared connection (an embedded engine binds its data directory once per
 * process) and closes it itself, after every role stopped; a role started alone opens its own
 * and closes it when it stops.
 */
export interface RoleWarehouse {
  readonly warehouse: Warehouse;
  /** Closes the warehouse if the role opened it; a shared one is left to its owner. */
  release(): Promise<void>;
}

export function roleWarehouse(shared: Warehouse | undefined, open: () => Warehouse): RoleWarehouse {
  if (shared) return { warehouse: shared, release: async () => {} };
  const own = open();
  return { warehouse: own, release: () => own.close() };
}

/** What every role's start function returns: its port (if it listens) and the stop that finishes or abandons its work. */
export interface RunningRole {
  readonly port?: number;
  stop(): Promise<void>;
}
