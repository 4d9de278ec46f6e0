import { readFile } from "node:fs/promises";
import type { Warehouse } from "@answerscope/warehouse";
import { startIngestProcess, type IngestProcess } from "@answerscope/test-kit";
import { CpuWindow, type CpuAccount, type ServicePids } from "./cpu-accounting";
import { round } from "../stats";
import { storedFactRows, storedFactRowsInParts } from "./fact-counts";
import { ThroughputCurve, type CurveWindow } from "./throughput-curve";

export interface WorkerRun {
  rate: number;
  /** The window's two ends: the rows counted there, and when. */
  window: CurveWindow;
  totalSeconds: number;
  /** Peak resident memory of each worker process (VmHWM), MB. */
  peakRssMb: number[];
  /** From the workers' /metrics: warehouse writes, their mean size and the share of the run spent writing. */
  writes: number;
  rowsPerWrite: number;
  writeSeconds: number;
  /** Rows the workers handed to warehouse writes ÷ rows stored: 1 when every message was read once; more when a rebalance made a member read again what another had read (the sink's duplicate check drops them). */
  rowsHandledPerStored: number;
  /** CPU of the workers, ClickHouse and the broker between the polls that saw 10 % and 90 % of the rows, per event (rows × eventsPerRow). */
  cpu?: CpuAccount;
}

/** Sum of one unlabelled series (e.g. a histogram's _sum / _count) in a Prometheus text page. */
function seriesValue(page: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, "m").exec(page);
  return Number(match?.[1] ?? 0);
}

async function writeStats(port: number) {
  const page = await fetch(`http://127.0.0.1:${port}/metrics`)
    .then((res) => res.text())
    .catch(() => "");
  return {
    writes: seriesValue(page, "answerscope_ingest_batch_rows_count"),
    rows: seriesValue(page, "answerscope_ingest_batch_rows_sum"),
    seconds: seriesValue(page, "answerscope_ingest_batch_duration_seconds_sum"),
  };
}

async function peakRssMb(pid: number | undefined): Promise<number> {
  if (!pid) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/**
 * End to end: `workers` real ingest processes (ingest/src/main.ts) in one new consumer
 * group read the pre-produced messages and write to an empty migrated database; the rate
 * is taken from the row count in ClickHouse (its active parts' rows), polled every 100 ms, past
 * the first `warmupRows` (ThroughputCurve).
 */
export async function measureWorkers(
  w: Warehouse,
  options: {
    url: string;
    brokers: string;
    groupId: string;
    workers: number;
    expectedRows: number;
    warmupRows?: number;
    servicePids?: ServicePids;
    eventsPerRow?: number;
    workerEnv?: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<WorkerRun> {
  const env = {
    CLICKHOUSE_URL: options.url,
    CLICKHOUSE_DATABASE: w.target.database,
    KAFKA_BROKERS: options.brokers,
    KAFKA_GROUP_ID: options.groupId,
    RUN_COLLECTOR: "off",
    MIGRATE_ON_START: "false",
    ...options.workerEnv,
  };
  const curve = new ThroughputCurve(options.expectedRows, options.warmupRows);
  const processes: IngestProcess[] = [];
  try {
    // Started together, so both join the group's first generation where the broker allows it.
    processes.push(
      ...(await Promise.all(
        Array.from({ length: options.workers }, () => startIngestProcess(env, { waitReady: false })),
      )),
    );
    const deadline = Date.now() + (options.timeoutMs ?? 300_000);
    const pids = {
      worker: processes.map((p) => p.child.pid ?? 0).filter((pid) => pid > 0),
      clickhouse: options.servicePids?.clickhouse ?? [],
      broker: options.servicePids?.broker ?? [],
    };
    const cpuWindow = new CpuWindow(pids);
    while (!curve.done && Date.now() < deadline) {
      const rows = await storedFactRowsInParts(w);
      cpuWindow.mark(curve.observe(rows));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!curve.done)
      throw new Error(
        `workers stored ${await storedFactRows(w)} of ${options.expectedRows} rows in time\n${processes.map((p) => p.output().slice(-2000)).join("\n")}`,
      );
    // The polls read part metadata; the run ends on the rows themselves.
    const counted = await storedFactRows(w);
    if (counted !== options.expectedRows)
      throw new Error(`workers stored ${counted} rows, expected ${options.expectedRows}`);
    const peaks = await Promise.all(processes.map((p) => peakRssMb(p.child.pid)));
    const stats = await Promise.all(processes.map((p) => writeStats(p.port)));
    const writes = stats.reduce((sum, s) => sum + s.writes, 0);
    const rows = stats.reduce((sum, s) => sum + s.rows, 0);
    return {
      rate: curve.rate,
      window: curve.window,
      totalSeconds: curve.totalSeconds,
      peakRssMb: peaks,
      writes,
      rowsPerWrite: writes ? Math.round(rows / writes) : 0,
      writeSeconds: Math.round(stats.reduce((sum, s) => sum + s.seconds, 0) * 10) / 10,
      rowsHandledPerStored: round(rows / options.expectedRows, 2),
      cpu: await cpuWindow.account(curve, options.eventsPerRow, pids.worker.length),
    };
  } finally {
    await Promise.all(processes.map((p) => p.stop("SIGTERM")));
  }
}
