/**
 * Real processes for the alerting tests: the exporter (alerts/src/main.ts), Debian's Prometheus
 * and Alertmanager, each on a free 127.0.0.1 port with a temporary data dir, stopped by the pid
 * the test started. Only the dashboard is a stand-in (it is built elsewhere): a tiny server that
 * answers 200 on the dashboard's routes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { serviceNodeArgs } from "../../scripts/build-services";
import { waitFor } from "../src/wait-for";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

export interface RunningProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  stop(): Promise<void>;
}

function startProcess(command: string, args: string[], port: number, env: NodeJS.ProcessEnv = process.env): RunningProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function waitHttp(process: RunningProcess, url: string, what: string): Promise<void> {
  await waitFor(
    async () => {
      if (process.child.exitCode !== null) throw new Error(`${what} exited with ${process.child.exitCode}:\n${process.output().slice(-3000)}`);
      return (await fetch(url)).status;
    },
    (status) => status === 200 || process.child.exitCode !== null,
    { timeoutMs: 30_000, intervalMs: 100, what },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${what} output:\n${process.output().slice(-3000)}`);
  });
  if (process.child.exitCode !== null) throw new Error(`${what} exited:\n${process.output().slice(-3000)}`);
}

/** The exporter as its own OS process, as deployed. */
export async function startExporterProcess(env: Record<string, string>): Promise<RunningProcess> {
  const port = await freePort();
  const exporter = startProcess(process.execPath, serviceNodeArgs("alerts/src/main.ts"), port, { ...process.env, EXPORTER_PORT: String(port), EXPORTER_HOST: "127.0.0.1", ...env });
  await waitHttp(exporter, `http://127.0.0.1:${port}/readyz`, "the exporter");
  return exporter;
}

export interface AlertingStack {
  prometheus: RunningProcess;
  alertmanager: RunningProcess;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Alertmanager (grouping by tenant and alert, one webhook receiver, waits of a second) and
 * Prometheus (1 s scrapes and evaluations of the given rule file) around an exporter.
 */
export async function startAlertingStack(options: { exporterPort: number; ruleFile: string; webhookUrl: string }): Promise<AlertingStack> {
  const dir = mkdtempSync(join(tmpdir(), "answerscope-alerts-"));
  const [promPort, amPort] = [await freePort(), await freePort()];
  writeFileSync(join(dir, "rules.yml"), options.ruleFile);
  writeFileSync(
    join(dir, "alertmanager.yml"),
    stringify({
      route: { receiver: "webhook", group_by: ["tenant", "alertname"], group_wait: "1s", group_interval: "1s", repeat_interval: "1h" },
      receivers: [{ name: "webhook", webhook_configs: [{ url: options.webhookUrl, send_resolved: true }] }],
    }),
  );
  writeFileSync(
    join(dir, "prometheus.yml"),
    stringify({
      global: { scrape_interval: "1s", scrape_timeout: "1s", evaluation_interval: "1s" },
      rule_files: [join(dir, "rules.yml")],
      scrape_configs: [{ job_name: "answerscope-exporter", static_configs: [{ targets: [`127.0.0.1:${options.exporterPort}`] }] }],
      alerting: { alertmanagers: [{ static_configs: [{ targets: [`127.0.0.1:${amPort}`] }] }] },
    }),
  );
  const alertmanager = startProcess(
    "prometheus-alertmanager",
    [`--config.file=${join(dir, "alertmanager.yml")}`, `--storage.path=${join(dir, "am-data")}`, `--web.listen-address=127.0.0.1:${amPort}`, "--cluster.listen-address="],
    amPort,
  );
  const prometheus = startProcess(
    "prometheus",
    [`--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "prom-data")}`, `--web.listen-address=127.0.0.1:${promPort}`],
    promPort,
  );
  const stop = async () => {
    await Promise.all([prometheus.stop(), alertmanager.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitHttp(alertmanager, `http://127.0.0.1:${amPort}/-/ready`, "alertmanager");
    await waitHttp(prometheus, `http://127.0.0.1:${promPort}/-/ready`, "prometheus");
  } catch (error) {
    await stop();
    throw error;
  }
  return { prometheus, alertmanager, dir, stop };
}

/** The dashboard's routes, answered 200 by a stand-in (the real dashboard is built elsewhere); records what was opened. */
export async function startDashboardStandIn(): Promise<{ baseUrl: string; opened: URL[]; stop(): Promise<void> }> {
  const opened: URL[] = [];
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    opened.push(url);
    const known = ["/effect", "/diagnostics", "/negative-feedback"].includes(url.pathname) || /^\/responses\/[^/]+$/.test(url.pathname);
    res.writeHead(known ? 200 : 404, { "content-type": "text/plain" }).end(known ? `dashboard stand-in: ${url.pathname}` : "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, opened, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface PrometheusAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: "pending" | "firing";
  activeAt: string;
}

/** Prometheus' view of its alerts (pending and firing). */
export async function prometheusAlerts(prometheus: RunningProcess): Promise<PrometheusAlert[]> {
  const body = (await (await fetch(`http://127.0.0.1:${prometheus.port}/api/v1/alerts`)).json()) as { data: { alerts: PrometheusAlert[] } };
  return body.data.alerts;
}

export async function prometheusQuery(prometheus: RunningProcess, query: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const body = (await (await fetch(`http://127.0.0.1:${prometheus.port}/api/v1/query?query=${encodeURIComponent(query)}`)).json()) as {
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  return body.data.result;
}
