import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isServiceEntry, serviceNodeArgs } from "../../scripts/build-services";
import { waitFor } from "./wait-for";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Sends a signal and waits for the exit; resolves with the exit code (null when killed). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

// CPU_PROF_DIR=dir: every service process writes a V8 CPU profile there when it exits (node
// refuses --cpu-prof in NODE_OPTIONS), e.g. `CPU_PROF_DIR=/tmp/prof npm run bench -- --only ingest`.
const profiling = process.env.CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];

/** A service runs from its bundle (scripts/build-services.ts, built by each project's global setup), as deployed; a one-shot command through tsx. */
const commandOf = (entry: string): string[] =>
  isServiceEntry(entry) ? serviceNodeArgs(entry) : ["--import", "tsx", join(ROOT, entry)];

/** Starts an entry with `env` over the runner's own, and `args` after it; `output` is stdout and stderr as they come. */
export function spawnEntry(entry: string, env: Record<string, string>, args: readonly string[] = []) {
  const child = spawn(process.execPath, [...profiling, ...commandOf(entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Runs a one-shot command of the product (e.g. `warehouse/src/migrate/cli.ts`) to its end. */
export async function runEntry(
  entry: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { exited, output } = spawnEntry(entry, env);
  return { code: await exited, output: output() };
}

/**
 * Runs one of the product's processes that listens on no port (the outcome evaluator) until
 * its output matches `ready`; stop() sends a signal and resolves with the exit code.
 */
export async function startQuietProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<Omit<ServiceProcess, "port">> {
  const { child, exited, output } = spawnEntry(entry, env);
  await waitFor(
    async () => child.exitCode !== null || ready.test(output()),
    (done) => done,
    { timeoutMs: 60_000, what: `${entry} to print ${ready}` },
  );
  if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output()}`);
  return {
    child,
    output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Runs one of the product's processes (e.g. `ingest/src/main.ts`) as its own OS process,
 * configured by environment only, so tests can kill it with -9 or SIGTERM like an
 * orchestrator would. One process (`node`), so a signal reaches the
 * service itself. With `readyPath`, waits until that route answers 200.
 */
export async function startServiceProcess(
  entry: string,
  env: Record<string, string>,
  { readyPath }: { readyPath?: string } = {},
): Promise<ServiceProcess> {
  const { child, exited, output } = spawnEntry(entry, env);
  const port = await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output()}`);
      return Number(/listening on port (\d+)/.exec(output())?.[1] ?? 0);
    },
    (found) => found > 0 || child.exitCode !== null,
    { timeoutMs: 60_000, what: `${entry} to listen` },
  );
  if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output()}`);
  if (readyPath) {
    await waitFor(
      () => fetch(`http://127.0.0.1:${port}${readyPath}`).then((res) => res.status),
      (status) => status === 200,
      { timeoutMs: 60_000, what: `${entry} to be ready` },
    ).catch((error: unknown) => {
      child.kill("SIGKILL");
      throw new Error(`${String(error)}\noutput:\n${output().slice(-4000)}`);
    });
  }
  return {
    child,
    port,
    output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
