import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { round as r } from "../stats";
import type { ThroughputCurve, WindowEdge } from "./throughput-curve";

/**
 * CPU accounting of an ingest run. Source and sink limits are each measured with the other
 * parts idle, but end-to-end ingest needs the worker's CPU, ClickHouse's and the broker's at
 * once on the same cores. Summing their CPU seconds per event over the measured window gives
 * the rate at which those cores would be saturated: the CPU-bound ceiling.
 */

/** Linux reports process times in clock ticks; USER_HZ is 100 on every supported kernel. */
const CLOCK_TICKS_PER_S = 100;

/** utime + stime (all threads) of a /proc/<pid>/stat line, in seconds. */
export function processCpuSeconds(stat: string, ticksPerSecond = CLOCK_TICKS_PER_S): number {
  // The command name (field 2) may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .trim()
    .split(/\s+/);
  // fields[0] is field 3 (state), so utime (14) and stime (15) are fields[11] and fields[12].
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error(`not a /proc/<pid>/stat line: ${stat.slice(0, 80)}`);
  return (utime + stime) / ticksPerSecond;
}

/** Busy and total CPU seconds of the whole machine from the aggregate `cpu` line of /proc/stat. */
export function machineCpuSeconds(
  procStat: string,
  ticksPerSecond = CLOCK_TICKS_PER_S,
): { busy: number; total: number } {
  const line = procStat.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) throw new Error("no aggregate cpu line in /proc/stat");
  // user nice system idle iowait irq softirq steal (guest time is already inside user/nice).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / ticksPerSecond, total: (busy + idle + iowait) / ticksPerSecond };
}

export interface CpuSnapshot {
  /** Process CPU seconds by role; a role with several processes (two workers) is summed. */
  seconds: Record<CpuRole, number>;
  /** The worker processes' main threads alone (their JavaScript), without V8's and libuv's helper threads. */
  workerMainThreads: number;
  machine: { busy: number; total: number };
}

export type CpuRole = "worker" | "clickhouse" | "broker";

export interface CpuPids {
  worker: number[];
  clickhouse: number[];
  broker: number[];
}

/** The services' pids (service scripts record them); the measured process(es) are added per run. */
export type ServicePids = Omit<CpuPids, "worker">;

/** The pids of a run whose measured process is this one (a limit's consumer or inserting client). */
export const withThisProcess = (servicePids: ServicePids): CpuPids => ({ ...servicePids, worker: [process.pid] });

async function pidCpuSeconds(pid: number): Promise<number> {
  return processCpuSeconds(await readFile(`/proc/${pid}/stat`, "utf8"));
}

/** A process's main thread (its task with the process's own id), in the same format. */
async function mainThreadCpuSeconds(pid: number): Promise<number> {
  return processCpuSeconds(await readFile(`/proc/${pid}/task/${pid}/stat`, "utf8"));
}

export async function cpuSnapshot(pids: CpuPids): Promise<CpuSnapshot> {
  const sum = async (list: number[], read = pidCpuSeconds) =>
    (await Promise.all(list.map(read))).reduce((a, b) => a + b, 0);
  const [worker, workerMainThreads, clickhouse, broker, procStat] = await Promise.all([
    sum(pids.worker),
    sum(pids.worker, mainThreadCpuSeconds),
    sum(pids.clickhouse),
    sum(pids.broker),
    readFile("/proc/stat", "utf8"),
  ]);
  return { seconds: { worker, clickhouse, broker }, workerMainThreads, machine: machineCpuSeconds(procStat) };
}

export interface CpuAccount {
  cores: number;
  /** CPU seconds per 1,000 events over the measured window, by process. */
  worker_cpu_s_per_1k: number;
  clickhouse_cpu_s_per_1k: number;
  broker_cpu_s_per_1k: number;
  total_cpu_s_per_1k: number;
  /** cores / (sum of CPU seconds per event): the rate that would saturate every core with these three alone. */
  ceiling_events_per_s: number;
  /** The worker processes' main threads: their JavaScript, including what the garbage collector does on that thread. */
  worker_main_thread_cpu_s_per_1k: number;
  /**
   * workers / main-thread CPU seconds per event: the rate at which each worker's JavaScript
   * thread would be busy all the time. A Node worker does its JavaScript on one thread, so this
   * bounds ingest whatever the other cores do; V8's helper threads (concurrent GC, compilers)
   * run beside it and count only in worker_cpu_s_per_1k.
   */
  worker_ceiling_events_per_s: number;
  ingest_vs_worker_ceiling: number;
  /** The measured rate over the same window, and its share of the ceiling. */
  events_per_s: number;
  ingest_vs_ceiling: number;
  /** Share of the machine's CPU (all processes, other jobs included) busy during the window. */
  machine_busy_share: number;
}

/**
 * CPU snapshots at the ends of a ThroughputCurve's window (`mark` what its `observe` returns), so
 * the CPU is spread over the same rows and time the rate is taken over.
 */
export class CpuWindow {
  private readonly snapshots: Partial<Record<WindowEdge, Promise<CpuSnapshot>>> = {};

  constructor(private readonly pids: CpuPids) {}

  mark(edge: WindowEdge | undefined): void {
    if (edge) this.snapshots[edge] = cpuSnapshot(this.pids);
  }

  /** The account of the curve's window (`eventsPerCount` converts counted rows to events); undefined before both ends. */
  async account(curve: ThroughputCurve, eventsPerCount = 1, workerProcesses = 1): Promise<CpuAccount | undefined> {
    const { from, to } = curve.window;
    const { from: before, to: after } = this.snapshots;
    if (!from || !to || !before || !after || to.count <= from.count) return undefined;
    return cpuAccount(
      await before,
      await after,
      (to.count - from.count) * eventsPerCount,
      (to.at - from.at) / 1000,
      machineCores(),
      workerProcesses,
    );
  }
}

/** The arithmetic of the account: CPU between two snapshots spread over the events of that window. */
export function cpuAccount(
  before: CpuSnapshot,
  after: CpuSnapshot,
  events: number,
  seconds: number,
  cores: number,
  workerProcesses = 1,
): CpuAccount {
  const perThousand = (seconds: (snapshot: CpuSnapshot) => number) =>
    ((seconds(after) - seconds(before)) / events) * 1000;
  const worker = perThousand((snapshot) => snapshot.seconds.worker);
  const mainThreads = perThousand((snapshot) => snapshot.workerMainThreads);
  const clickhouse = perThousand((snapshot) => snapshot.seconds.clickhouse);
  const broker = perThousand((snapshot) => snapshot.seconds.broker);
  const total = worker + clickhouse + broker;
  const ceiling = total > 0 ? cores / (total / 1000) : Number.NaN;
  const rate = events / seconds;
  const workerCeiling = mainThreads > 0 ? workerProcesses / (mainThreads / 1000) : Number.NaN;
  const machineTotal = after.machine.total - before.machine.total;
  return {
    cores,
    worker_cpu_s_per_1k: r(worker, 3),
    worker_main_thread_cpu_s_per_1k: r(mainThreads, 3),
    clickhouse_cpu_s_per_1k: r(clickhouse, 3),
    broker_cpu_s_per_1k: r(broker, 3),
    total_cpu_s_per_1k: r(total, 3),
    ceiling_events_per_s: Math.round(ceiling),
    worker_ceiling_events_per_s: Math.round(workerCeiling),
    ingest_vs_worker_ceiling: r(rate / workerCeiling, 2),
    events_per_s: Math.round(rate),
    ingest_vs_ceiling: r(rate / ceiling, 2),
    machine_busy_share: machineTotal > 0 ? r((after.machine.busy - before.machine.busy) / machineTotal, 2) : Number.NaN,
  };
}

export const machineCores = (): number => availableParallelism();

/**
 * The pid a service script recorded (services/<kind>/start.sh writes it into its data dir,
 * ANSWERSCOPE_DATA_DIR or the repository's .data); undefined when the service is external.
 */
/** Where the local services (services/README.md) keep their state: ANSWERSCOPE_DATA_DIR, or the repository's .data. */
export const servicesDataRoot = (): string =>
  process.env.ANSWERSCOPE_DATA_DIR || fileURLToPath(new URL("../../../.data", import.meta.url));

export async function servicePid(dir: "clickhouse" | "kafka", name: string): Promise<number | undefined> {
  const root = servicesDataRoot();
  const file = dir === "clickhouse" ? "clickhouse.pid" : "mock_broker.pid";
  const text = await readFile(join(root, `${dir}-${name}`, file), "utf8").catch(() => "");
  const pid = Number.parseInt(text, 10);
  return Number.isFinite(pid) && pid > 0 ? pid : undefined;
}

/** Field by field median of several runs' accounts (each figure its own median, as every bench rate). */
export function medianAccount(
  accounts: readonly CpuAccount[],
  median: (values: readonly number[]) => number,
): CpuAccount | undefined {
  if (accounts.length === 0) return undefined;
  const keys = Object.keys(accounts[0]!) as (keyof CpuAccount)[];
  return Object.fromEntries(keys.map((key) => [key, median(accounts.map((a) => a[key]))])) as unknown as CpuAccount;
}

/**
 * The ingest limit of the cores themselves. A worker must at least consume what the source
 * consumer consumes and insert what the plain inserts insert, on the same cores at once: its
 * run costs at least the source's CPU per event (consumer process + broker) plus the plain
 * sink's (inserting process + ClickHouse). cores / that sum is the fastest any worker could
 * ingest here, however little work of its own it did; reported with its share of
 * min(source, sink), the figure issue 6's target compares ingest with.
 */
export function sharedCoreLimit(
  source: CpuAccount,
  sink: CpuAccount,
  cores: number,
  limits: { source: number; sink: number },
): { source_cpu_s_per_1k: number; sink_cpu_s_per_1k: number; events_per_s: number; vs_min_limit: number } {
  const sourcePer1k = source.worker_cpu_s_per_1k + source.broker_cpu_s_per_1k;
  const sinkPer1k = sink.worker_cpu_s_per_1k + sink.clickhouse_cpu_s_per_1k;
  const eventsPerS = sourcePer1k + sinkPer1k > 0 ? cores / ((sourcePer1k + sinkPer1k) / 1000) : Number.NaN;
  return {
    source_cpu_s_per_1k: r(sourcePer1k, 3),
    sink_cpu_s_per_1k: r(sinkPer1k, 3),
    events_per_s: Math.round(eventsPerS),
    vs_min_limit: r(eventsPerS / Math.min(limits.source, limits.sink), 2),
  };
}
