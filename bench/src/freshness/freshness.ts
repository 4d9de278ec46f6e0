import { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS } from "@answerscope/contracts";
import { topicMessagesOf, topicsWith } from "@answerscope/demo";
import { queryMetrics } from "@answerscope/warehouse";
import { Kafka, logLevel, Partitioners } from "kafkajs";
import { startIngestProcess } from "@answerscope/test-kit";
import { freshBenchDatabase } from "../bench-warehouse";
import { demoMessages } from "../demo-fact-batches";
import { progress } from "../progress";
import { waitUntilCaughtUp } from "./caught-up";
import { waitForMerges } from "../merges";
import { percentile, round } from "../stats";

export interface FreshnessReport {
  events_per_s: number;
  seconds: number;
  probes: number;
  /** Until the metrics route answered with the tick's responses counted (the query's end). */
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  /**
   * Until they were queryable: the start of that route query (an upper bound, since the
   * previous query, one probe interval earlier, did not count them). The difference to the
   * figures above is the route's own answer time under the ingest load.
   */
  queryable_p50_ms: number;
  queryable_p95_ms: number;
  queryable_max_ms: number;
  /** Time the metrics route took per probe while the worker ingested, p50/p95. */
  route_p50_ms: number;
  route_p95_ms: number;
  /** Probes whose query failed (e.g. a keep-alive socket the server had closed); the next probe answers for them, so their wait is in the delays. */
  failed_probes: number;
}

const TICK_MS = 200;
/** Failed probes past which the section fails instead of probing on. */
const MAX_FAILED_PROBES = 50;

/**
 * Issue 6, target 2: with one worker running, events are produced at `eventsPerSecond` in
 * 200 ms ticks; after each tick the tenant's response count it brings is known, and a poller
 * asks queryMetrics (the metrics route) every 100 ms. A tick's delay is from its send until
 * the first answer that counts all its responses.
 */
export async function measureFreshness(options: {
  url: string;
  brokers: string;
  eventsPerSecond: number;
  seconds: number;
  database?: string;
}): Promise<FreshnessReport> {
  const tenantId = "fresh";
  const w = await freshBenchDatabase(options.url, options.database ?? "bench_freshness");
  const groupId = `bench-fresh-${Date.now()}`;
  const worker = await startIngestProcess({
    CLICKHOUSE_URL: options.url,
    CLICKHOUSE_DATABASE: w.target.database,
    KAFKA_BROKERS: options.brokers,
    KAFKA_GROUP_ID: groupId,
    RUN_COLLECTOR: "off",
    MIGRATE_ON_START: "false",
  });
  const kafka = new Kafka({ clientId: "bench-fresh", brokers: [options.brokers], logLevel: logLevel.WARN });
  const backlog = await waitUntilCaughtUp(kafka, groupId, [...Object.values(DEFAULT_TOPICS), DEFAULT_DLQ_TOPIC]);
  if (backlog > 0) progress(`  freshness: the worker first read the ${backlog} messages already on the broker`);
  await waitForMerges(w, { allDatabases: true });
  const producer = kafka.producer({
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const startMs = Date.now();
  const total = Math.round(options.eventsPerSecond * options.seconds);
  // Occurred "now", so they land in the metrics route's last-hour range.
  const messages = demoMessages({ events: total, seed: 11, tenants: [tenantId], endMs: startMs, windowMs: 60_000 });
  const perTick = Math.max(1, Math.round((options.eventsPerSecond * TICK_MS) / 1000));
  const ticks: { sentAt: number; responsesSoFar: number; queriedAt?: number; seenAt?: number }[] = [];
  const routeMs: number[] = [];
  // Distinct response ids: the demo re-sends some responses as corrected versions, which the route counts once.
  const responseIds = new Set<string>();
  let producing = true;
  let failedProbes = 0;
  const from = new Date(startMs - 3_600_000).toISOString();
  const poller = (async () => {
    while (producing || ticks.some((t) => t.seenAt === undefined)) {
      const to = new Date(Date.now() + 3_600_000).toISOString();
      const queriedAt = performance.now();
      try {
        const counted = (await queryMetrics(w, { tenantId, from, to })).rows.reduce(
          (sum, row) => sum + row.response_count,
          0,
        );
        const now = performance.now();
        routeMs.push(now - queriedAt);
        for (const tick of ticks) {
          if (tick.seenAt === undefined && tick.sentAt <= queriedAt && counted >= tick.responsesSoFar)
            Object.assign(tick, { queriedAt, seenAt: now });
        }
      } catch (error) {
        if (++failedProbes > MAX_FAILED_PROBES) throw error;
        progress(`  freshness: a probe failed (${String(error)}); the next one answers for it`);
      }
      if (!producing && performance.now() - (ticks.at(-1)?.sentAt ?? 0) > 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  // Its failure is thrown where it is awaited below; until then it must not end the process as an unhandled rejection.
  poller.catch(() => {});
  const topics = topicsWith();
  try {
    for (let start = 0; start < messages.length; start += perTick) {
      const tickStarted = performance.now();
      const batch = messages.slice(start, start + perTick);
      await producer.sendBatch({ acks: -1, topicMessages: topicMessagesOf(batch, topics) });
      for (const m of batch)
        if (m.kind === "response_completed")
          responseIds.add((JSON.parse(m.value) as { response_id: string }).response_id);
      ticks.push({ sentAt: performance.now(), responsesSoFar: responseIds.size });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, TICK_MS - (performance.now() - tickStarted))));
    }
  } finally {
    producing = false;
    await poller;
    await producer.disconnect();
    await worker.stop();
    await w.close();
  }
  const seen = ticks.filter((t) => t.seenAt !== undefined);
  const delays = seen.map((t) => t.seenAt! - t.sentAt);
  const queryable = seen.map((t) => t.queriedAt! - t.sentAt);
  if (delays.length < ticks.length)
    progress(`  freshness: ${ticks.length - delays.length} ticks never became queryable within 60 s`);
  return {
    events_per_s: options.eventsPerSecond,
    seconds: options.seconds,
    probes: delays.length,
    p50_ms: round(percentile(delays, 0.5)),
    p95_ms: round(percentile(delays, 0.95)),
    max_ms: round(Math.max(...delays)),
    queryable_p50_ms: round(percentile(queryable, 0.5)),
    queryable_p95_ms: round(percentile(queryable, 0.95)),
    queryable_max_ms: round(Math.max(...queryable)),
    route_p50_ms: round(percentile(routeMs, 0.5)),
    route_p95_ms: round(percentile(routeMs, 0.95)),
    failed_probes: failedProbes,
  };
}
