import { loadIngestConfig } from "@answerscope/ingest";
import type { Warehouse } from "@answerscope/warehouse";
import { dropBenchDatabase, freshBenchDatabase } from "../bench-warehouse";
import { demoMessages, distinctFactRows, factBatchesOf } from "../demo-fact-batches";
import { progress } from "../progress";
import { median, round } from "../stats";
import { machineCores, medianAccount, sharedCoreLimit, type CpuAccount, type ServicePids } from "./cpu-accounting";
import { produceAll } from "./produce";
import { FLOOR_NAMES, measureFloor, type FloorName, type FloorRun } from "./floor-limit";
import { measurePlainInsertLimit, measureSinkLimit, rowsAsStored, type SinkRun } from "./sink-limit";
import { measureSourceLimit, type SourceRun } from "./source-limit";
import { measureWorkers } from "./worker-processes";

export interface IngestReport {
  events: number;
  /** Events of other tenants that every path handles first, outside its window (ThroughputCurve): its warm-up. */
  warmup_events?: number;
  mix: Record<string, number>;
  avg_message_bytes: number;
  batch_rows: number;
  runs: number;
  produce_events_per_s: number;
  /** Medians over `runs`; each run measures all five on the same messages, interleaved. */
  source_events_per_s: number;
  /** The worker's own sink: duplicate checks and inserts, each batch checked while the one before it is inserted (sink-limit.ts). */
  sink_events_per_s: number;
  /** Plain @clickhouse/client inserts of the rows the worker stores (sink-limit.ts rowsAsStored): the sink limit as issue 6 defines it. */
  sink_plain_events_per_s: number;
  one_worker_events_per_s: number;
  two_workers_events_per_s: number;
  /** one worker / min(source, plain sink), and two workers / one worker, per run, then the median. */
  ingest_vs_limit: number | null;
  /** one worker / min(source, the worker's own sink), per run, then the median. */
  ingest_vs_write_facts_limit: number | null;
  two_vs_one: number | null;
  /**
   * The floors (floor-limit.ts FLOORS, each described there): consumers with the worker's settings
   * that do only part of its work. Each one's rate, its share of min(source, plain sink) and its
   * CPU; one worker / the contract floor (`ingest_vs_floor`) is what the worker's own work costs.
   * Medians of per-run figures.
   */
  floors?: Partial<Record<FloorName, { events_per_s: number; vs_limit: number | null; cpu?: CpuAccount }>>;
  ingest_vs_floor?: number | null;
  worker_peak_rss_mb: number;
  /** One worker, last run: writes to ClickHouse, mean rows per write, seconds spent writing, seconds in total. */
  one_worker_writes?: { writes: number; rows_per_write: number; write_seconds: number; total_seconds: number };
  /** Over every worker run (1 and 2 workers): the largest rows handed to writes ÷ rows stored (1 = no message read twice). */
  max_rows_handled_per_stored?: number;
  /**
   * CPU of the worker process(es), ClickHouse and the mock broker per 1,000 events over the
   * 10 %-90 % window of each worker run, and the CPU-bound ceiling cores / (their CPU per
   * event); medians over runs, field by field. Absent when the services' pids are unknown.
   */
  cpu_one_worker?: CpuAccount;
  cpu_two_workers?: CpuAccount;
  /** The same accounts of the source run (its "worker" is the consuming process) and of the worker's-sink and plain-insert runs (the inserting process). */
  cpu_source?: CpuAccount;
  cpu_sink?: CpuAccount;
  cpu_sink_plain?: CpuAccount;
  /**
   * The fastest any worker could ingest on these cores: cores / (source + plain sink CPU per
   * event), per run, then the median (cpu-accounting.ts sharedCoreLimit); its share of
   * min(source, plain sink), and one worker's share of it.
   */
  shared_core_limit_events_per_s?: number;
  shared_core_limit_vs_min_limit?: number;
  ingest_vs_shared_core_limit?: number;
  samples: {
    source: number[];
    sink: number[];
    sink_plain: number[];
    one: number[];
    two: number[];
    cpu_one: CpuAccount[];
    cpu_two: CpuAccount[];
    cpu_source: CpuAccount[];
    cpu_sink: CpuAccount[];
    cpu_sink_plain: CpuAccount[];
    shared_core_limit: number[];
    floors: Record<FloorName, { rate: number[]; cpu: CpuAccount[] }>;
  };
}

const floorRecord = <T>(make: (name: FloorName) => T) =>
  Object.fromEntries(FLOOR_NAMES.map((name) => [name, make(name)])) as Record<FloorName, T>;

export async function measureIngest(options: {
  url: string;
  brokers: string;
  events: number;
  warmupEvents: number;
  produceBatch?: number;
  runs: number;
  servicePids?: ServicePids;
}): Promise<IngestReport> {
  const batchRows = loadIngestConfig({}).INGEST_BATCH_MAX_ROWS;
  const tenants = ["ingest_a", "ingest_b", "ingest_c"];
  const messages = demoMessages({ events: options.events, seed: 7, tenants, windowMs: 6 * 3_600_000 });
  // The warm-up: the same mix for tenants of its own (no id of it can repeat a measured one), produced first.
  const warmupMessages =
    options.warmupEvents > 0
      ? demoMessages({
          events: options.warmupEvents,
          seed: 8,
          tenants: tenants.map((tenant) => `${tenant}_warmup`),
          windowMs: 6 * 3_600_000,
        })
      : [];
  const mix: Record<string, number> = {};
  for (const m of messages) mix[m.kind] = (mix[m.kind] ?? 0) + 1;
  const avgBytes = Math.round(messages.reduce((s, m) => s + Buffer.byteLength(m.value), 0) / messages.length);
  progress(
    `ingest: producing ${warmupMessages.length} warm-up events, then the ${messages.length} measured ones (${JSON.stringify(mix)}, ${avgBytes} B avg)`,
  );
  const produceRate = await produceAll([options.brokers], [...warmupMessages, ...messages], options.produceBatch);
  progress(`ingest: produced at ${Math.round(produceRate)} events/s`);
  const warmupBatches = factBatchesOf(warmupMessages, batchRows);
  const batches = factBatchesOf(messages, batchRows);
  progress(
    "ingest: checking the batches in order, for the rows a worker stores of them (the plain sink inserts these)",
  );
  const scratch = await freshBenchDatabase(options.url, "bench_rows_as_stored");
  // One batch of rows as stored per batch, in order: the warm-up's first.
  const allStored = await rowsAsStored(scratch, [...warmupBatches, ...batches]).finally(() =>
    dropBenchDatabase(scratch),
  );
  const warmupStored = allStored.slice(0, warmupBatches.length);
  const storedBatches = allStored.slice(warmupBatches.length);
  const floorRows = { stored: allStored, pipeline: [...warmupBatches, ...batches] };
  const allEvents = warmupMessages.length + messages.length;

  const samples = {
    source: [] as number[],
    sink: [] as number[],
    sink_plain: [] as number[],
    one: [] as number[],
    two: [] as number[],
    cpu_one: [] as CpuAccount[],
    cpu_two: [] as CpuAccount[],
    cpu_source: [] as CpuAccount[],
    cpu_sink: [] as CpuAccount[],
    cpu_sink_plain: [] as CpuAccount[],
    shared_core_limit: [] as number[],
    floors: floorRecord(() => ({ rate: [] as number[], cpu: [] as CpuAccount[] })),
  };
  const floorVsLimit = floorRecord(() => [] as number[]);
  const oneVsFloor: number[] = [];
  const sharedVsMin: number[] = [];
  const vsShared: number[] = [];
  const rss: number[] = [];
  const vsLimit: number[] = [];
  const vsWriteFacts: number[] = [];
  const twoVsOne: number[] = [];
  const stamp = Date.now().toString(36);
  let oneWorkerWrites: IngestReport["one_worker_writes"];
  const rowsHandledPerStored: number[] = [];
  // Rows stored per event (duplicates dropped): converts the workers' row counts to events.
  const warmupRows = distinctFactRows(warmupBatches);
  const measuredRows = distinctFactRows(batches);
  const expectedRows = warmupRows + measuredRows;
  const eventsPerRow = messages.length / measuredRows;
  for (let run = 0; run < options.runs; run++) {
    let sourceRun!: SourceRun;
    let sink!: SinkRun;
    let plain!: SinkRun;
    const floors = {} as Record<FloorName, FloorRun>;
    let one = 0;
    let two = 0;
    const workerRun = async (workers: number) => {
      const db = await freshBenchDatabase(options.url, `bench_workers${workers}_${run}`);
      try {
        const result = await measureWorkers(db, {
          url: options.url,
          brokers: options.brokers,
          groupId: `bench-w${workers}-${stamp}-${run}`,
          workers,
          expectedRows,
          warmupRows,
          servicePids: options.servicePids,
          eventsPerRow,
        });
        if (result.cpu) (workers === 1 ? samples.cpu_one : samples.cpu_two).push(result.cpu);
        rowsHandledPerStored.push(result.rowsHandledPerStored);
        progress(
          `  ${workers} worker(s): ${result.writes} writes, rows handed to writes / rows stored ${result.rowsHandledPerStored}, peak RSS ${result.peakRssMb.join(", ")} MB`,
        );
        rss.push(...result.peakRssMb);
        if (workers === 1)
          oneWorkerWrites = {
            writes: result.writes,
            rows_per_write: result.rowsPerWrite,
            write_seconds: result.writeSeconds,
            total_seconds: Math.round(result.totalSeconds * 10) / 10,
          };
        return result.rate * eventsPerRow;
      } finally {
        await dropBenchDatabase(db);
      }
    };
    /** A run that stores into a fresh database of its own, and must store exactly the batches' distinct rows. */
    const sinkRun = async <R extends { storedRows: number }>(
      name: string,
      measure: (db: Warehouse) => Promise<R>,
    ): Promise<R> => {
      const db = await freshBenchDatabase(options.url, `${name}_${run}`);
      try {
        const result = await measure(db);
        if (result.storedRows !== expectedRows)
          throw new Error(
            `${name} stored ${result.storedRows} rows, not the ${expectedRows} distinct fact rows of the batches`,
          );
        return result;
      } finally {
        await dropBenchDatabase(db);
      }
    };
    const floorRun = (floor: FloorName) =>
      sinkRun(`bench_floor_${floor}`, (db) =>
        measureFloor(db, floorRows, {
          brokers: [options.brokers],
          groupId: `bench-floor-${floor}-${stamp}-${run}`,
          expected: allEvents,
          warmup: warmupMessages.length,
          servicePids: options.servicePids,
          floor,
        }),
      );
    const steps = [
      async () =>
        void (sourceRun = await measureSourceLimit([options.brokers], `bench-source-${stamp}-${run}`, allEvents, {
          warmup: warmupMessages.length,
          servicePids: options.servicePids,
        })),
      async () =>
        void (sink = await sinkRun("bench_sink", (db) =>
          measureSinkLimit(db, batches, messages.length, options.servicePids, warmupBatches),
        )),
      async () =>
        void (plain = await sinkRun("bench_sink_plain", (db) =>
          measurePlainInsertLimit(db, storedBatches, messages.length, options.servicePids, warmupStored),
        )),
      ...FLOOR_NAMES.map((floor) => async () => void (floors[floor] = await floorRun(floor))),
      async () => void (one = await workerRun(1)),
      async () => void (two = await workerRun(2)),
    ];
    // The machine's speed drifts within minutes (ClickHouse's CPU for the same inserts moved by a
    // factor of two): every other run measures in reverse order, so no path is always measured first.
    for (const step of run % 2 === 0 ? steps : [...steps].reverse()) await step();
    const { rate: source, cpu: sourceCpu } = sourceRun;
    if (sink.cpu) samples.cpu_sink.push(sink.cpu);
    samples.source.push(Math.round(source));
    samples.sink.push(Math.round(sink.rate));
    samples.sink_plain.push(Math.round(plain.rate));
    samples.one.push(Math.round(one));
    samples.two.push(Math.round(two));
    vsLimit.push(one / Math.min(source, plain.rate));
    vsWriteFacts.push(one / Math.min(source, sink.rate));
    twoVsOne.push(two / one);
    for (const name of FLOOR_NAMES) {
      samples.floors[name].rate.push(Math.round(floors[name].rate));
      const { cpu } = floors[name];
      if (cpu) samples.floors[name].cpu.push(cpu);
      floorVsLimit[name].push(floors[name].rate / Math.min(source, plain.rate));
    }
    oneVsFloor.push(one / floors.contract.rate);
    if (sourceCpu && plain.cpu) {
      const shared = sharedCoreLimit(sourceCpu, plain.cpu, machineCores(), { source, sink: plain.rate });
      samples.cpu_source.push(sourceCpu);
      samples.cpu_sink_plain.push(plain.cpu);
      samples.shared_core_limit.push(shared.events_per_s);
      sharedVsMin.push(shared.vs_min_limit);
      vsShared.push(one / shared.events_per_s);
      progress(
        `  shared-core limit: cores / (source ${shared.source_cpu_s_per_1k} + plain sink ${shared.sink_cpu_s_per_1k} CPU s per 1,000 events) = ${shared.events_per_s} events/s, ${shared.vs_min_limit} of min(source, plain sink); 1 worker reaches ${round(one / shared.events_per_s, 2)} of it`,
      );
    }
    progress(
      `ingest run ${run + 1}/${options.runs}: source ${Math.round(source)}, sink ${Math.round(sink.rate)} (plain insert ${Math.round(plain.rate)}), floors ${FLOOR_NAMES.map((name) => `${name} ${Math.round(floors[name].rate)} (${round(floors[name].rate / Math.min(source, plain.rate), 2)})`).join(", ")} (of min(source, plain sink)), 1 worker ${Math.round(one)}, 2 workers ${Math.round(two)} events/s`,
    );
    for (const [label, cpu] of [
      ...FLOOR_NAMES.map((name) => [`${name} floor`, floors[name].cpu] as const),
      ["1 worker", samples.cpu_one[run]],
      ["2 workers", samples.cpu_two[run]],
    ] as const) {
      if (cpu)
        progress(
          `  cpu ${label}: worker ${cpu.worker_cpu_s_per_1k} (main thread ${cpu.worker_main_thread_cpu_s_per_1k}) + ClickHouse ${cpu.clickhouse_cpu_s_per_1k} + broker ${cpu.broker_cpu_s_per_1k} CPU s per 1,000 events, ceiling ${cpu.ceiling_events_per_s} events/s, ingest/ceiling ${cpu.ingest_vs_ceiling}, worker-thread ceiling ${cpu.worker_ceiling_events_per_s} (ingest/that ${cpu.ingest_vs_worker_ceiling}), machine busy ${cpu.machine_busy_share}`,
        );
    }
  }
  return {
    events: messages.length,
    warmup_events: warmupMessages.length,
    mix,
    avg_message_bytes: avgBytes,
    batch_rows: batchRows,
    runs: options.runs,
    produce_events_per_s: Math.round(produceRate),
    source_events_per_s: Math.round(median(samples.source)),
    sink_events_per_s: Math.round(median(samples.sink)),
    sink_plain_events_per_s: Math.round(median(samples.sink_plain)),
    one_worker_events_per_s: Math.round(median(samples.one)),
    two_workers_events_per_s: Math.round(median(samples.two)),
    ingest_vs_limit: round(median(vsLimit), 2),
    ingest_vs_write_facts_limit: round(median(vsWriteFacts), 2),
    two_vs_one: round(median(twoVsOne), 2),
    floors: floorRecord((name) => ({
      events_per_s: Math.round(median(samples.floors[name].rate)),
      vs_limit: round(median(floorVsLimit[name]), 2),
      cpu: medianAccount(samples.floors[name].cpu, median),
    })),
    ingest_vs_floor: round(median(oneVsFloor), 2),
    worker_peak_rss_mb: Math.max(...rss),
    one_worker_writes: oneWorkerWrites,
    max_rows_handled_per_stored: rowsHandledPerStored.length ? Math.max(...rowsHandledPerStored) : undefined,
    cpu_one_worker: medianAccount(samples.cpu_one, median),
    cpu_two_workers: medianAccount(samples.cpu_two, median),
    cpu_source: medianAccount(samples.cpu_source, median),
    cpu_sink: medianAccount(samples.cpu_sink, median),
    cpu_sink_plain: medianAccount(samples.cpu_sink_plain, median),
    shared_core_limit_events_per_s: samples.shared_core_limit.length
      ? Math.round(median(samples.shared_core_limit))
      : undefined,
    shared_core_limit_vs_min_limit: sharedVsMin.length ? round(median(sharedVsMin), 2) : undefined,
    ingest_vs_shared_core_limit: vsShared.length ? round(median(vsShared), 2) : undefined,
    samples,
  };
}
