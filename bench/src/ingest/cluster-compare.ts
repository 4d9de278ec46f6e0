/**
 * The bench's ingest figures (sink limit, one and two worker processes) on a single ClickHouse
 * node and on the local 2-shard x 2-replica cluster, with the same messages, runs interleaved,
 * so the two shapes share whatever else loads the machine. Reuses the ingest section's measurements.
 *
 *   node --import tsx bench/src/ingest/cluster-compare.ts [events=20000] [runs=1]
 *
 * Starts its own ClickHouse, cluster and mock broker (12 partitions) and stops them at the end.
 */
import { loadIngestConfig } from "@answerscope/ingest";
import { freshBenchDatabase } from "../bench-warehouse";
import { demoMessages, factBatchesOf } from "../demo-fact-batches";
import { produceAll } from "./produce";
import { measureSinkLimit } from "./sink-limit";
import { measureWorkers } from "./worker-processes";
import { progress } from "../progress";
import { median } from "../stats";
import {
  startClickHouse,
  startClickHouseCluster,
  startKafka,
  stopClickHouse,
  stopClickHouseCluster,
  stopKafka,
} from "@answerscope/test-kit";

const events = Number(process.argv[2] ?? 20_000);
const runs = Number(process.argv[3] ?? 1);
const NAME = "bench-cluster-ingest";

progress("starting a ClickHouse server, a 2 x 2 cluster and the mock broker");
const [single, cluster, kafka] = await Promise.all([
  startClickHouse(NAME),
  startClickHouseCluster(NAME),
  startKafka({ name: NAME, partitions: 12 }),
]);
try {
  const messages = demoMessages({
    events,
    seed: 7,
    tenants: ["ingest_a", "ingest_b", "ingest_c"],
    windowMs: 6 * 3_600_000,
  });
  progress(`producing ${messages.length} events`);
  await produceAll([kafka.brokers], messages);
  const batches = factBatchesOf(messages, loadIngestConfig({}).INGEST_BATCH_MAX_ROWS);
  const shapes = [
    { name: "single node", url: single.url, cluster: undefined },
    { name: "cluster 2x2", url: cluster.url, cluster: cluster.cluster },
  ];
  const results = new Map(
    shapes.map((shape) => [shape.name, { sink: [] as number[], one: [] as number[], two: [] as number[] }]),
  );
  for (let run = 0; run < runs; run++) {
    for (const shape of shapes) {
      const result = results.get(shape.name)!;
      const sinkDb = await freshBenchDatabase(shape.url, `bench_cmp_sink_${run}`, shape.cluster);
      const sink = await measureSinkLimit(sinkDb, batches, messages.length);
      await sinkDb.close();
      result.sink.push(sink.rate);
      progress(`${shape.name}, run ${run + 1}/${runs}: sink ${Math.round(sink.rate)} events/s`);
      // The worker processes inherit the environment: cluster mode by CLICKHOUSE_CLUSTER, as deployed.
      if (shape.cluster) process.env.CLICKHOUSE_CLUSTER = shape.cluster;
      else delete process.env.CLICKHOUSE_CLUSTER;
      for (const workers of [1, 2]) {
        const db = await freshBenchDatabase(shape.url, `bench_cmp_w${workers}_${run}`, shape.cluster);
        const measured = await measureWorkers(db, {
          url: shape.url,
          brokers: kafka.brokers,
          groupId: `${NAME}-${shape.cluster ?? "single"}-${workers}-${run}-${Date.now()}`,
          workers,
          expectedRows: sink.storedRows,
        });
        await db.close();
        const rate = (measured.rate * messages.length) / sink.storedRows;
        (workers === 1 ? result.one : result.two).push(rate);
        progress(
          `${shape.name}, run ${run + 1}/${runs}: ${workers} worker(s) ${Math.round(rate)} events/s (${measured.writes} writes of ${measured.rowsPerWrite} rows, ${measured.writeSeconds} s writing)`,
        );
      }
    }
  }
  console.log(`\n${messages.length} events, ${runs} run(s), medians, events/s:\n`);
  console.log("| shape | sink limit | 1 worker | 2 workers |\n|---|---:|---:|---:|");
  for (const [name, r] of results)
    console.log(
      `| ${name} | ${Math.round(median(r.sink))} | ${Math.round(median(r.one))} | ${Math.round(median(r.two))} |`,
    );
} finally {
  await Promise.all([
    stopKafka(NAME, { wipe: true }),
    stopClickHouse(NAME, { wipe: true }),
    stopClickHouseCluster(NAME, { wipe: true }),
  ]);
}
