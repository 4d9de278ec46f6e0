import { spawn, type ChildProcess } from "node:child_process";

export interface ChildService {
  name: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * A service of the stack as its own OS process (like in production), with its output kept for
 * failure messages. `ready` is polled until it resolves true; a process that exits first fails fast.
 */
export async function startChildService(options: {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  ready: (output: string) => Promise<boolean> | boolean;
  timeoutMs?: number;
}): Promise<ChildService> {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    // Keep the tail only: a long run must not grow the test runner's memory.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const service: ChildService = {
    name: options.name,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${options.name} exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    if (await Promise.resolve(options.ready(output)).catch(() => false)) return service;
    if (Date.now() > deadline) {
      await service.stop();
      throw new Error(`${options.name} was not ready after ${options.timeoutMs ?? 60_000} ms:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** True when `url` answers with a status below 500. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
    return response.status < 500;
  } catch {
    return false;
  }
}
