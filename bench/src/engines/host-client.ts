import { fork } from "node:child_process";
import type { EngineHostApi, HostReply, HostRequest } from "./host-api";

/** How to start an engine host: the bench's bundle with ENGINE_HOST_FLAG, or host-main.ts under tsx. */
export interface HostEntry {
  modulePath: string;
  args: string[];
  execArgv: string[];
}

type Api = EngineHostApi;
export interface EngineHost {
  readonly pid: number;
  call<M extends keyof Api>(method: M, ...args: Parameters<Api[M]>): ReturnType<Api[M]>;
  /** Asks the host to stop its roles and close the warehouse, then waits for it to exit (killed if it does not within a minute). */
  stop(): Promise<void>;
}

/** Forks an engine host with `env` as its whole environment (CLICKHOUSE_URL set or unset picks the engine, as for serve). */
export function forkEngineHost(entry: HostEntry, env: NodeJS.ProcessEnv): EngineHost {
  const child = fork(entry.modulePath, entry.args, {
    execArgv: entry.execArgv,
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (child.pid === undefined) throw new Error(`could not start the engine host ${entry.modulePath}`);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited: string | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = `the engine host exited (${signal ?? code})`;
      for (const { reject } of pending.values()) reject(new Error(exited));
      pending.clear();
      resolve();
    }),
  );
  child.on("message", (reply: HostReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting?.reject(new Error(`engine host: ${reply.error}`));
    else waiting?.resolve(reply.result);
  });
  const call = (method: keyof Api, args: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      if (exited) return reject(new Error(exited));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ id, method, args } satisfies HostRequest);
    });
  return {
    pid: child.pid,
    call: ((method: keyof Api, args?: unknown) => call(method, args)) as EngineHost["call"],
    async stop() {
      if (!exited) {
        const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
        await call("stop", undefined).catch(() => child.kill("SIGKILL"));
        await exit;
        clearTimeout(killer);
      }
    },
  };
}
