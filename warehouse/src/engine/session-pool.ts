import { availableParallelism } from "node:os";

/** The most sessions a pool may be configured with: each holds the engine's per-session state. */
export const MAX_EMBEDDED_SESSIONS = 64;

/**
 * The pool's default size for `cores` cores: one session per core, so each core can run a
 * statement while another one waits (a write's disk, a read's result going to JavaScript); at
 * least 2, so on one core a write and a read still overlap; at most 8, since every statement
 * already spreads over max_threads (= cores) threads and more sessions only add their memory.
 */
export function defaultEmbeddedSessions(cores: number = availableParallelism()): number {
  return Math.min(8, Math.max(2, cores));
}

/** What the pool needs of a session: how many of its statements are running, and a close. */
export interface PooledSession {
  /** Statements sent to this session and not yet answered (counted from the moment they are sent). */
  readonly busy: number;
  close(): Promise<void>;
}

/**
 * The chDB sessions on the process's data directory for the statements that carry no
 * session_id. chDB runs one session's statements one at a time and different sessions'
 * statements at once (two reads on one session take twice as long as one, on two sessions about
 * as long as one), so a statement goes to an idle session, one is opened while fewer than `size`
 * are, and past that the statement queues on the least busy. Sessions are opened on demand: a
 * process that never sends two statements at once keeps one.
 */
export class SessionPool<S extends PooledSession> {
  private readonly sessions: S[];

  constructor(
    private readonly size: number,
    private readonly open: () => S,
  ) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_EMBEDDED_SESSIONS)
      throw new Error(`a session pool holds 1 to ${MAX_EMBEDDED_SESSIONS} sessions, not ${size}`);
    this.sessions = [open()];
  }

  /** The first session, open from the start (a ping's). */
  get first(): S {
    return this.sessions[0]!;
  }

  /** The sessions open now. */
  get openCount(): number {
    return this.sessions.length;
  }

  /** The session for the next statement; call it right as the statement is sent, so `busy` counts it. */
  pick(): S {
    const idle = this.sessions.find((session) => session.busy === 0);
    if (idle) return idle;
    if (this.sessions.length < this.size) {
      const opened = this.open();
      this.sessions.push(opened);
      return opened;
    }
    return this.sessions.reduce((least, session) => (session.busy < least.busy ? session : least));
  }

  /** Closes every session (each waits for its running statements). */
  async close(): Promise<void> {
    const results = await Promise.allSettled(this.sessions.map((session) => session.close()));
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }
}
