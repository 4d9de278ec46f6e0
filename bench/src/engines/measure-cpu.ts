import { readFile } from "node:fs/promises";
import { processCpuSeconds } from "../ingest/cpu-accounting";
import { round } from "../stats";

/** CPU seconds over all runs of one measure on one engine, and the wall-clock seconds they took. */
export interface MeasureCpu {
  wall_s: number;
  /** utime + stime of the serving process, every thread: with the embedded engine, the engine's too. */
  serving_process_s: number;
  /** Of it, the main thread: the JavaScript (the rest: the engine's threads, V8's helpers, libuv). */
  main_thread_s: number;
  /** The ClickHouse server (server engine only). */
  clickhouse_server_s?: number;
}

const cpuSeconds = async (path: string) => processCpuSeconds(await readFile(path, "utf8"));

/** The processes whose CPU one engine's runs are charged with. */
type EnginePids = { serving: number; clickhouse?: number };

/** Adds up, per engine and measure, the CPU of the processes serving each run, read from /proc before and after it. */
export class CpuTally<E extends string> {
  private readonly totals = new Map<E, Record<string, MeasureCpu>>();
  constructor(private readonly pidsOf: (engine: E) => EnginePids) {}

  private async snapshot(pids: EnginePids) {
    const [serving, main, clickhouse] = await Promise.all([
      cpuSeconds(`/proc/${pids.serving}/stat`),
      cpuSeconds(`/proc/${pids.serving}/task/${pids.serving}/stat`),
      pids.clickhouse === undefined ? undefined : cpuSeconds(`/proc/${pids.clickhouse}/stat`),
    ]);
    return { wall: performance.now() / 1000, serving, main, clickhouse };
  }

  async around<T>(engine: E, measure: string, run: () => Promise<T>): Promise<T> {
    const pids = this.pidsOf(engine);
    const before = await this.snapshot(pids);
    const result = await run();
    const after = await this.snapshot(pids);
    const byMeasure = this.totals.get(engine) ?? {};
    const t = (byMeasure[measure] ??= { wall_s: 0, serving_process_s: 0, main_thread_s: 0 });
    t.wall_s = round(t.wall_s + after.wall - before.wall, 2);
    t.serving_process_s = round(t.serving_process_s + after.serving - before.serving, 2);
    t.main_thread_s = round(t.main_thread_s + after.main - before.main, 2);
    if (after.clickhouse !== undefined && before.clickhouse !== undefined)
      t.clickhouse_server_s = round((t.clickhouse_server_s ?? 0) + after.clickhouse - before.clickhouse, 2);
    this.totals.set(engine, byMeasure);
    return result;
  }

  of(engine: E): Record<string, MeasureCpu> {
    return this.totals.get(engine) ?? {};
  }
}
