/**
 * The alerting path as deployed, for the alert-link test: the exporter (alerts/src/main.ts) as its
 * own process, Debian's Prometheus and Alertmanager, each on a free 127.0.0.1 port with a
 * temporary data dir, stopped by the process the test started. The dashboard the alerts link to
 * is the browser stack's real one (test/browser/stack/start-stack.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { serviceNodeArgs } from "../../scripts/build-services";
import { startChildService, type ChildService } from "./child-service";
import { freePort } from "./free-port";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ok = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;

/** The exporter on a free port, once it has read the warehouse (`/readyz`). */
export async function startExporterProcess(env: Record<string, string>): Promise<ChildService & { port: number }> {
  const port = await freePort();
  const exporter = await startChildService({
    name: "exporter",
    command: process.execPath,
    args: serviceNodeArgs("alerts/src/main.ts"),
    cwd: ROOT,
    env: { EXPORTER_PORT: String(port), EXPORTER_HOST: "127.0.0.1", ...env },
    ready: () => ok(`http://127.0.0.1:${port}/readyz`),
  });
  return { ...exporter, port };
}

export interface AlertingStack {
  prometheusUrl: string;
  stop(): Promise<void>;
}

/**
 * Alertmanager (grouping by tenant and alert, one webhook receiver, waits of a second) and
 * Prometheus (1 s scrapes and evaluations of the given rule file) around an exporter.
 */
export async function startAlertingStack(options: {
  exporterPort: number;
  ruleFile: string;
  webhookUrl: string;
}): Promise<AlertingStack> {
  const dir = mkdtempSync(join(tmpdir(), "answerscope-alerts-"));
  const [promPort, amPort] = [await freePort(), await freePort()];
  writeFileSync(join(dir, "rules.yml"), options.ruleFile);
  writeFileSync(
    join(dir, "alertmanager.yml"),
    stringify({
      route: {
        receiver: "webhook",
        group_by: ["tenant", "alertname"],
        group_wait: "1s",
        group_interval: "1s",
        repeat_interval: "1h",
      },
      receivers: [{ name: "webhook", webhook_configs: [{ url: options.webhookUrl, send_resolved: true }] }],
    }),
  );
  writeFileSync(
    join(dir, "prometheus.yml"),
    stringify({
      global: { scrape_interval: "1s", scrape_timeout: "1s", evaluation_interval: "1s" },
      rule_files: [join(dir, "rules.yml")],
      scrape_configs: [
        { job_name: "answerscope-exporter", static_configs: [{ targets: [`127.0.0.1:${options.exporterPort}`] }] },
      ],
      alerting: { alertmanagers: [{ static_configs: [{ targets: [`127.0.0.1:${amPort}`] }] }] },
    }),
  );
  const services: ChildService[] = [];
  const stop = async () => {
    for (const service of services.reverse()) await service.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    services.push(
      await startChildService({
        name: "alertmanager",
        command: "prometheus-alertmanager",
        args: [
          `--config.file=${join(dir, "alertmanager.yml")}`,
          `--storage.path=${join(dir, "am-data")}`,
          `--web.listen-address=127.0.0.1:${amPort}`,
          "--cluster.listen-address=",
        ],
        cwd: dir,
        env: {},
        ready: () => ok(`http://127.0.0.1:${amPort}/-/ready`),
      }),
    );
    services.push(
      await startChildService({
        name: "prometheus",
        command: "prometheus",
        args: [
          `--config.file=${join(dir, "prometheus.yml")}`,
          `--storage.tsdb.path=${join(dir, "prom-data")}`,
          `--web.listen-address=127.0.0.1:${promPort}`,
        ],
        cwd: dir,
        env: {},
        ready: () => ok(`http://127.0.0.1:${promPort}/-/ready`),
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { prometheusUrl: `http://127.0.0.1:${promPort}`, stop };
}

export interface PrometheusAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: "pending" | "firing";
  activeAt: string;
}

/** Prometheus' view of its alerts (pending and firing). */
export async function prometheusAlerts(prometheusUrl: string): Promise<PrometheusAlert[]> {
  const body = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as {
    data: { alerts: PrometheusAlert[] };
  };
  return body.data.alerts;
}

export async function prometheusQuery(
  prometheusUrl: string,
  query: string,
): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const body = (await (await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`)).json()) as {
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  return body.data.result;
}
