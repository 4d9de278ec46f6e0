import { describe, expect, it } from "vitest";
import { warehouseConfigFromEnv, WarehouseEnvSchema } from "../client";
import { defaultEmbeddedSessions, SessionPool, type PooledSession } from "./session-pool";

/** A session whose statements the test starts and ends by hand. */
class FakeSession implements PooledSession {
  busy = 0;
  closed = false;
  constructor(readonly id: number) {}
  async close() {
    this.closed = true;
  }
}

function poolOf(size: number) {
  const opened: FakeSession[] = [];
  const pool = new SessionPool(size, () => {
    const session = new FakeSession(opened.length);
    opened.push(session);
    return session;
  });
  /** Picks a session and marks one statement running on it, as the connection does. */
  const send = () => {
    const session = pool.pick();
    session.busy++;
    return session;
  };
  return { pool, opened, send };
}

describe("the embedded engine's session pool", () => {
  it("sends statements to idle sessions, opening one per statement in flight up to its size, then to the least busy", () => {
    const { pool, opened, send } = poolOf(3);
    expect(opened).toHaveLength(1);
    expect([send().id, send().id, send().id]).toEqual([0, 1, 2]);
    // Full: the fourth and fifth queue on sessions with one statement each; the sixth on the one left with one.
    expect([send().id, send().id]).toEqual([0, 1]);
    expect(send().id).toBe(2);
    expect(opened).toHaveLength(3);
    opened[1]!.busy = 0;
    expect(send().id).toBe(1);
    opened[0]!.busy = 0;
    expect(pool.pick().id).toBe(0);
  });

  it("keeps one session while statements come one at a time", () => {
    const { pool, opened } = poolOf(4);
    for (let i = 0; i < 5; i++) expect(pool.pick().id).toBe(0);
    expect(opened).toHaveLength(1);
  });

  it("closes every session it opened", async () => {
    const { pool, opened, send } = poolOf(2);
    send();
    send();
    await pool.close();
    expect(opened.map((s) => s.closed)).toEqual([true, true]);
  });

  it("refuses a size outside 1..64", () => {
    expect(() => poolOf(0)).toThrow(/1 to 64 sessions, not 0/);
    expect(() => poolOf(1.5)).toThrow(/not 1.5/);
  });

  it("defaults to one session per core, at least 2 and at most 8", () => {
    expect([1, 2, 4, 32].map((cores) => defaultEmbeddedSessions(cores))).toEqual([2, 2, 4, 8]);
  });

  it("takes its size from CLICKHOUSE_EMBEDDED_SESSIONS, naming a bad value", () => {
    const configOf = (env: NodeJS.ProcessEnv) => warehouseConfigFromEnv(WarehouseEnvSchema.parse(env));
    expect(configOf({ CLICKHOUSE_EMBEDDED_SESSIONS: "3" })).toMatchObject({ embeddedSessions: 3 });
    expect(configOf({ CLICKHOUSE_EMBEDDED_SESSIONS: "" }).embeddedSessions).toBeUndefined();
    for (const bad of ["0", "65", "two"])
      expect(() => configOf({ CLICKHOUSE_EMBEDDED_SESSIONS: bad })).toThrow(/CLICKHOUSE_EMBEDDED_SESSIONS/);
  });
});
