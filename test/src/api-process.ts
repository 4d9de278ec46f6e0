import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "./wait-for";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs the query API as its own process (`api/src/main.ts`, configured by environment only), as a deployment does. */
export async function startApiProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "api/src/main.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}:\n${output}`);
      return Number(/listening on port (\d+)/.exec(output)?.[1] ?? 0);
    },
    (found) => found > 0 || child.exitCode !== null,
    { timeoutMs: 60_000, what: "the api process to listen" },
  );
  if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}:\n${output}`);
  return {
    port,
    output: () => output,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
