import { startServe, ROLE_NAMES, type RoleName, type Serving } from "@answerscope/server";
import { parseEnv } from "@answerscope/runtime";
import {
  migrate,
  queryRows,
  sqlValue,
  tenantProgress,
  WarehouseEnvSchema,
  warehouseConfigFromEnv,
  writeWatermark,
  type Warehouse,
} from "@answerscope/warehouse";
import { createBenchWarehouseOf } from "../bench-warehouse";
import { waitForMerges } from "../merges";
import { measureLabelUpdate } from "../outcomes/label-update";
import { progress } from "../progress";
import { slowestQueriesIfLogged } from "../report/slow-queries";
import { loadScaleData, scaleCountsFor } from "../scale/load-scale-data";
import { RANGES, runMetricsRoute } from "../scale/query-speed";
import { LARGEST_TENANT } from "../scale/scale-section";
import type { EngineHostApi, HostReply, HostRequest } from "./host-api";

/**
 * The serving process of the engines section: a process that opens the warehouse from its
 * environment as `answerscope serve` does (embedded ClickHouse without CLICKHOUSE_URL, that server
 * with it) and starts serve's roles on it with serve's own code, so its RSS is the serving
 * process's. The bench asks it over the IPC channel for what needs the warehouse in process (an
 * embedded engine's data directory belongs to one process): the load, the metrics route, the
 * label update.
 */
function hostApi(w: Warehouse): EngineHostApi {
  let serving: Serving | undefined;
  const label = w.engine;
  return {
    async describe() {
      const rows = await queryRows<{ v: string }>(w, "SELECT version() AS v");
      return { engine: w.engine, version: rows[0]?.v ?? "unknown" };
    },
    async load({ responses, window }) {
      await w.client.command({ query: `DROP DATABASE IF EXISTS ${w.target.database}` });
      await migrate(w);
      progress(`engines (${label}): loading ${responses.toLocaleString("en")} responses`);
      const load = await loadScaleData(w, scaleCountsFor(responses), window);
      await waitForMerges(w);
      // The generated label rows stand for a first evaluation of the largest tenant: the
      // watermark it would have left, so a label update evaluates only what is new.
      const [tenant] = await tenantProgress(w, LARGEST_TENANT);
      if (!tenant) throw new Error(`no facts of ${LARGEST_TENANT} after the load`);
      await writeWatermark(w, LARGEST_TENANT, tenant.maxIngestedAtMs, Date.now(), tenant.maxOccurredAtMs);
      return load;
    },
    async serve({ roles }) {
      const unknown = roles.filter((role) => !(ROLE_NAMES as string[]).includes(role));
      if (unknown.length) throw new Error(`unknown roles ${unknown.join(", ")}`);
      serving = await startServe(roles as RoleName[], w, process.env, (line) =>
        progress(`engines (${label}): ${line}`),
      );
      const collectorPort = serving.ports.collector;
      if (collectorPort === undefined) throw new Error("serve started no collector");
      return { collectorPort };
    },
    async metricsOnce({ tenantId, range, toMs }) {
      const spec = RANGES.find((r) => r.name === range);
      if (!spec) throw new Error(`unknown range ${range}`);
      const started = performance.now();
      const rows = await runMetricsRoute(w, tenantId, toMs, spec);
      return { ms: performance.now() - started, rows };
    },
    labelUpdate: ({ tenantId, events }) => measureLabelUpdate(w, tenantId, 1, { events }),
    async storedResponses({ tenantId }) {
      const rows = await queryRows<{ n: number }>(
        w,
        `SELECT uniqExact(response_id) AS n FROM ${w.table("responses")} WHERE tenant_id = ${sqlValue(tenantId)}`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    slowQueries: ({ sinceMs }) => slowestQueriesIfLogged(w, sinceMs),
    async stop() {
      // serve's stop closes the warehouse after its roles; without roles, close it here.
      if (serving) await serving.stop();
      else await w.close();
    },
  };
}

/** Runs until the bench calls stop(); every request gets one reply with its result or error. */
export async function runEngineHost(): Promise<void> {
  if (!process.send) throw new Error("the engine host runs as a child with an IPC channel (child_process.fork)");
  const w = createBenchWarehouseOf(
    warehouseConfigFromEnv(parseEnv(WarehouseEnvSchema, process.env, "bench engine host")),
  );
  const api = hostApi(w);
  // A bench that dies leaves no serving process behind (its roles and sockets would keep it alive).
  process.once("disconnect", () => process.exit(1));
  await new Promise<void>((resolve) => {
    process.on("message", (message: HostRequest) => {
      const method = api[message.method] as (args: unknown) => Promise<unknown>;
      method(message.args).then(
        (result) => {
          process.send!({ id: message.id, result } satisfies HostReply);
          if (message.method === "stop") resolve();
        },
        (error: unknown) =>
          process.send!({
            id: message.id,
            error: error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error),
          } satisfies HostReply),
      );
    });
  });
  process.removeAllListeners("disconnect");
  process.disconnect();
}
