import type { Warehouse } from "../client";
import { countRows, deleteStatement } from "../privacy/delete-rows";
import { alterClusterOf } from "../migrate/alter-cluster";
import { sqlValue } from "../sql/escape";
import { KEYS_TABLE } from "./stored-keys";

/**
 * How long past its expiry a dashboard session's rows stay: every login writes one and none is
 * ever used again once expired, but a day's margin keeps a just-expired session listable (`keys
 * list`) for whoever looks into a logout or a refused cookie.
 */
export const EXPIRED_SESSION_MARGIN_MS = 24 * 60 * 60_000;

/** How often a process's key ring deletes them: a deletion is a ClickHouse mutation, rare is enough. */
export const EXPIRED_SESSION_SWEEP_MS = 60 * 60_000;

/**
 * Deletes the dashboard sessions (kind `session`) whose expiry passed more than `marginMs` ago;
 * keys of the other kinds stay, expired or not (an operator revokes or lists them). Answers how
 * many rows it deleted; with none, no mutation is sent. ClickHouse applies the deletion in the
 * background: the rows are gone within moments (the key ring never reads expired keys anyway).
 */
export async function deleteExpiredSessions(
  w: Warehouse,
  nowMs = Date.now(),
  marginMs = EXPIRED_SESSION_MARGIN_MS,
): Promise<number> {
  const condition = `kind = ${sqlValue("session")} AND expires_at_ms != 0 AND expires_at_ms < ${sqlValue(Math.trunc(nowMs - marginMs))}`;
  const expired = await countRows(w, KEYS_TABLE, condition);
  if (expired > 0)
    await w.client.command({ query: deleteStatement(w, KEYS_TABLE, condition, await alterClusterOf(w)) });
  return expired;
}
