import { createWarehouse, evaluateOutcomes, migrate, type Warehouse } from "@answerscope/warehouse";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildServices, serviceNodeArgs } from "../../../scripts/build-services";
import { loadThroughSink } from "../../src/load-through-sink";
import { clickHouseOutage, type ClickHouseOutage } from "../../src/clickhouse-outage";
import { serveOutageControl } from "../../src/outage-control";
import {
  answers,
  ensureDashboardBuild,
  startChildService,
  startDashboard,
  type ChildService,
  freePort,
} from "@answerscope/test-kit";
import { buildTestData } from "./test-data";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The ClickHouse instance of the browser suite (services/clickhouse, own data dir and ports). */
export const CLICKHOUSE_NAME = "browser";
export const TRACE_URL_TEMPLATE = "https://langfuse.example.com/project/{tenant_id}/traces/{trace_id}";

export interface StackInfo {
  dashboardUrl: string;
  apiUrl: string;
  clickhouseUrl: string;
  /** Stops and starts the ClickHouse the API reads, from a test's process (test/src/outage-control.ts). */
  clickhouseOutageUrl: string;
  database: string;
  /** oncall: the alert-link test's tenant, whose own traffic leaves demo's and acme's views as generated. */
  readKeys: Record<"demo" | "acme" | "oncall", string>;
  ingestKey: string;
  dataFromMs: number;
  dataToMs: number;
}

export interface RunningStack extends StackInfo {
  warehouse: Warehouse;
  services: ChildService[];
  /** The ClickHouse under the stack; stop() leaves it running, so a developer's stack keeps its data. */
  clickhouse: ClickHouseOutage;
  stop(): Promise<void>;
}

const key = () => randomBytes(18).toString("base64url");

/**
 * The real product on this machine, as the browser tests need it: ClickHouse, a fresh database
 * with demo traffic loaded through the ingest pipeline and labeled by the outcome evaluator, the
 * query API and the built dashboard, each API and dashboard as its own process on a free port.
 */
export async function startStack(
  options: { demoEvents?: number; log?: (message: string) => void } = {},
): Promise<RunningStack> {
  const log = options.log ?? ((message: string) => console.log(`[browser stack] ${message}`));
  const started = Date.now();
  const build = ensureDashboardBuild(join(ROOT, "dashboard"));
  await buildServices(log);
  // The outage test takes it away: the local instance is stopped, an external one cut by a proxy.
  const clickhouse = await clickHouseOutage(CLICKHOUSE_NAME);
  const clickhouseUrl = clickhouse.url;
  const outageControl = await serveOutageControl(clickhouse);
  const database = `browser_${randomBytes(4).toString("hex")}`;
  const warehouse = createWarehouse({ url: clickhouseUrl, database });
  await migrate(warehouse);
  const data = buildTestData(Date.now(), options.demoEvents);
  await loadThroughSink(warehouse, data.events, 1000);
  // settleMs 0: every row is written already; label everything now rather than a minute later.
  await evaluateOutcomes(warehouse, { settleMs: 0 });
  log(`data: ${data.events.length} events loaded and labeled in ${Date.now() - started} ms`);

  const readKeys = { demo: key(), acme: key(), oncall: key() };
  const ingestKey = key();
  const services: ChildService[] = [];
  const stopServices = async () => {
    for (const service of services.reverse()) await service.stop();
    await outageControl.close();
  };
  try {
    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    services.push(
      await startChildService({
        name: "query API",
        command: process.execPath,
        args: serviceNodeArgs("api/src/main.ts"),
        cwd: ROOT,
        env: {
          CLICKHOUSE_URL: clickhouseUrl,
          CLICKHOUSE_DATABASE: database,
          HOST: "127.0.0.1",
          PORT: String(apiPort),
          ANSWERSCOPE_KEYS: [
            ...Object.entries(readKeys).map(([tenant, readKey]) => `read:${tenant}:${readKey}`),
            `ingest:demo:${ingestKey}`,
          ].join(","),
          ANSWERSCOPE_KEYS_FILE: "",
          TRACE_URL_TEMPLATE,
          // An outage must surface within a test's patience, not after 30 s.
          WAREHOUSE_TIMEOUT_MS: "8000",
        },
        ready: () => answers(`${apiUrl}/healthz`),
      }),
    );
    await build;
    log(`dashboard build ready after ${Date.now() - started} ms`);
    const dashboardPort = await freePort();
    const dashboardUrl = `http://127.0.0.1:${dashboardPort}`;
    services.push(await startDashboard("dashboard", apiUrl, dashboardPort));
    log(`stack up in ${Date.now() - started} ms: dashboard ${dashboardUrl}, api ${apiUrl}, database ${database}`);
    return {
      dashboardUrl,
      apiUrl,
      clickhouseUrl,
      clickhouseOutageUrl: outageControl.url,
      database,
      readKeys,
      ingestKey,
      dataFromMs: data.fromMs,
      dataToMs: data.toMs,
      warehouse,
      services,
      clickhouse,
      async stop() {
        await stopServices();
        await warehouse.client.command({ query: `DROP DATABASE IF EXISTS ${database}` }).catch(() => undefined);
        await warehouse.close();
      },
    };
  } catch (error) {
    await stopServices();
    await warehouse.close();
    throw error;
  }
}
