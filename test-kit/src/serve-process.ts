import { spawnEntry } from "./service-process";
import { waitFor } from "./wait-for";

export interface ServeProcess {
  /** Each listening role's port, from its "answerscope <role> listening on port N" line. */
  ports: Record<string, number>;
  output: () => string;
  /** Sends a signal and waits for the exit; resolves with the exit code (null when killed). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `answerscope serve` from its bundle (server/src/main.ts, built by the project's global setup)
 * with `args`, every port 0, on the embedded engine unless `env` names a server: the test
 * runner's CLICKHOUSE_URL names the suites' server, and an empty one counts as unset.
 */
export function launchServe(args: string[], env: Record<string, string>) {
  const spawned = spawnEntry(
    "server/src/main.ts",
    {
      CLICKHOUSE_URL: "",
      CLICKHOUSE_CLUSTER: "",
      KAFKA_BROKERS: "",
      COLLECTOR_PORT: "0",
      API_PORT: "0",
      EXPORTER_PORT: "0",
      ...env,
    },
    args,
  );
  // "close", not "exit": the output is complete then.
  const closed = new Promise<number | null>((resolve) => spawned.child.once("close", (code) => resolve(code)));
  return { ...spawned, closed };
}

/** Runs serve until it says its roles run; fails with its output if it exits or hangs first. */
export async function startServe(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  const { child, closed, output } = launchServe(args, env);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
      return /answerscope serve: .* running/.test(output());
    },
    (running) => running || child.exitCode !== null,
    { timeoutMs: 90_000, what: "answerscope serve to start its roles" },
  ).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw new Error(`${String(error)}\noutput:\n${output().slice(-4000)}`);
  });
  if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}:\n${output()}`);
  return {
    ports: Object.fromEntries(
      [...output().matchAll(/answerscope (\w+) listening on port (\d+)/g)].map((m) => [m[1]!, Number(m[2])]),
    ),
    output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return closed;
    },
  };
}

/** Runs serve expected to refuse to start: its exit code and output, or a timeout if it keeps running. */
export async function serveRefusal(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const { child, closed, output } = launchServe(args, env);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await closed;
  clearTimeout(timer);
  return { code, output: output() };
}
