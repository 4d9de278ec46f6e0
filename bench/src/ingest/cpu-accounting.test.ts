import { describe, expect, it } from "vitest";
import { median } from "../stats";
import { ThroughputCurve } from "./throughput-curve";
import {
  cpuAccount,
  CpuWindow,
  machineCpuSeconds,
  medianAccount,
  processCpuSeconds,
  sharedCoreLimit,
  withThisProcess,
  type CpuSnapshot,
} from "./cpu-accounting";

const statLine = (comm: string, utime: number, stime: number) =>
  `4242 (${comm}) S 1 4242 4242 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 12 0 500 1000000 2000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0`;

/** The workers' main threads used three quarters of their CPU unless told otherwise. */
const snapshot = (
  worker: number,
  clickhouse: number,
  broker: number,
  busy: number,
  total: number,
  workerMainThreads = worker * 0.75,
): CpuSnapshot => ({
  seconds: { worker, clickhouse, broker },
  workerMainThreads,
  machine: { busy, total },
});

describe("CPU accounting", () => {
  it("reads utime + stime of /proc/<pid>/stat in seconds, even when the command name holds spaces and parentheses", () => {
    expect(processCpuSeconds(statLine("clickhouse-serv", 1234, 266))).toBe(15);
    expect(processCpuSeconds(statLine("a) b (c", 50, 25))).toBe(0.75);
    expect(processCpuSeconds(statLine("node", 300, 100), 1000)).toBe(0.4);
    expect(() => processCpuSeconds("garbage")).toThrow(/not a \/proc/);
  });

  it("reads the machine's busy and total seconds from the aggregate cpu line of /proc/stat", () => {
    const procStat = "cpu  1000 10 290 600 100 0 0 0 0 0\ncpu0 500 5 145 300 50 0 0 0 0 0\nintr 1\n";
    expect(machineCpuSeconds(procStat)).toEqual({ busy: 13, total: 20 });
  });

  it("spreads each process's CPU over the window's events and derives the ceiling cores ÷ CPU seconds per event", () => {
    // 10,000 events in 2 s; the worker used 1.0 CPU s, ClickHouse 1.5, the broker 0.5: 0.3 ms per event.
    const account = cpuAccount(snapshot(10, 100, 5, 50, 100), snapshot(11, 101.5, 5.5, 53, 104), 10_000, 2, 2);
    expect(account).toEqual({
      cores: 2,
      worker_cpu_s_per_1k: 0.1,
      worker_main_thread_cpu_s_per_1k: 0.075,
      clickhouse_cpu_s_per_1k: 0.15,
      broker_cpu_s_per_1k: 0.05,
      total_cpu_s_per_1k: 0.3,
      ceiling_events_per_s: 6667,
      worker_ceiling_events_per_s: 13333,
      ingest_vs_worker_ceiling: 0.38,
      events_per_s: 5000,
      ingest_vs_ceiling: 0.75,
      machine_busy_share: 0.75,
    });
  });

  it("takes the median of several runs field by field", () => {
    const a = cpuAccount(snapshot(0, 0, 0, 0, 1), snapshot(1, 1, 0, 1, 2), 1000, 1, 2);
    const b = cpuAccount(snapshot(0, 0, 0, 0, 1), snapshot(2, 2, 0, 1, 2), 1000, 1, 2);
    const c = cpuAccount(snapshot(0, 0, 0, 0, 1), snapshot(4, 4, 0, 1, 2), 1000, 1, 2);
    const m = medianAccount([c, a, b], median)!;
    expect(m.worker_cpu_s_per_1k).toBe(2);
    expect(m.ceiling_events_per_s).toBe(500);
    expect(medianAccount([], median)).toBeUndefined();
  });

  it("gives each worker's main thread one core of its own in the worker ceiling, helper threads aside", () => {
    // Two workers' main threads used 2 CPU s together for 10,000 events in 2 s: each 1 CPU s for its 5,000, 0.2 ms per
    // event of its own, so 5,000 events/s each and 10,000 for both; the 5,000 events/s measured are half of that.
    // Their helper threads' 1 CPU s more counts in the process CPU and the CPU ceiling, not here.
    const account = cpuAccount(snapshot(0, 0, 0, 0, 1, 0), snapshot(3, 0, 0, 1, 2, 2), 10_000, 2, 2, 2);
    expect(account.worker_cpu_s_per_1k).toBe(0.3);
    expect(account.worker_main_thread_cpu_s_per_1k).toBe(0.2);
    expect(account.worker_ceiling_events_per_s).toBe(10_000);
    expect(account.ingest_vs_worker_ceiling).toBe(0.5);
  });

  it("bounds ingest on shared cores by the source's consumer and broker plus the plain sink's client and ClickHouse CPU per event", () => {
    // 20,000 events each. Source: consumer 0.03 and broker 0.01 CPU s per 1,000 (ClickHouse's 0.005 of background work is not the source's).
    const source = cpuAccount(snapshot(10, 100, 5, 0, 1), snapshot(10.6, 100.1, 5.2, 1, 2), 20_000, 1, 2);
    // Plain sink: client 0.01 and ClickHouse 0.04 (the idle broker's 0.001 is not the sink's).
    const sink = cpuAccount(snapshot(1, 1, 1, 0, 1), snapshot(1.2, 1.8, 1.02, 1, 2), 20_000, 1, 2);
    // 0.09 ms per event on 2 cores: 22,222 events/s, 0.74 of min(40,000, 30,000).
    expect(sharedCoreLimit(source, sink, 2, { source: 40_000, sink: 30_000 })).toEqual({
      source_cpu_s_per_1k: 0.04,
      sink_cpu_s_per_1k: 0.05,
      events_per_s: 22_222,
      vs_min_limit: 0.74,
    });
    // Twice the cores, twice the limit; a slower sink moves only the share.
    expect(sharedCoreLimit(source, sink, 4, { source: 40_000, sink: 20_000 })).toMatchObject({
      events_per_s: 44_444,
      vs_min_limit: 2.22,
    });
  });

  it("accounts the curve's window between the observations that reach 10 % and 90 %, in events", async () => {
    const curve = new ThroughputCurve(1000);
    const window = new CpuWindow(withThisProcess({ clickhouse: [], broker: [] }));
    window.mark(curve.observe(50, 0)); // under 10 %: no snapshot yet
    window.mark(curve.observe(100, 400)); // opens the window at 400 ms
    window.mark(curve.observe(500, 900));
    expect(await window.account(curve)).toBeUndefined();
    window.mark(curve.observe(950, 1400)); // closes it at 1,400 ms
    window.mark(curve.observe(1000, 5000)); // after the close: changes nothing
    // 850 counted rows (100 -> 950) at 2 events each over 1 s.
    expect((await window.account(curve, 2))!.events_per_s).toBe(1700);
    expect((await window.account(curve))!.events_per_s).toBe(850);
  });
});
