/**
 * Local services for integration tests: thin wrappers around services/clickhouse/*.sh and
 * services/kafka-mock/*.sh (see services/README.md).
 *
 * If CLICKHOUSE_URL (resp. KAFKA_BROKERS) is set, startClickHouse (resp. startKafka) returns it
 * without starting anything, and the matching stop function does nothing.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const servicesDir = fileURLToPath(new URL("../../services/", import.meta.url));

function run(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "bash",
      [servicesDir + script, ...args],
      // Generous: a first start may apt-get install the server or compile the mock broker.
      { timeout: 15 * 60_000, maxBuffer: 64 * 1024 * 1024, env: process.env },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`services/${script} ${args.join(" ")} failed: ${error.message}\n${stderr}`));
        } else {
          resolve(stdout);
        }
      },
    );
  });
}

function pick(stdout: string, key: string, script: string): string {
  const m = new RegExp(`^${key}=(\\S+)$`, "m").exec(stdout);
  if (!m?.[1]) throw new Error(`services/${script} printed no ${key}= line:\n${stdout}`);
  return m[1];
}

/** True when tests run against an external ClickHouse (CLICKHOUSE_URL set). */
export const hasExternalClickHouse = (): boolean => !!process.env.CLICKHOUSE_URL;
/** True when tests run against an external Kafka (KAFKA_BROKERS set). */
export const hasExternalKafka = (): boolean => !!process.env.KAFKA_BROKERS;

/** Starts (or finds running) the local ClickHouse instance `name`; same URL across restarts. */
export async function startClickHouse(name = "default"): Promise<{ url: string }> {
  const external = process.env.CLICKHOUSE_URL;
  if (external) return { url: external };
  const out = await run("clickhouse/start.sh", [name]);
  return { url: pick(out, "CLICKHOUSE_URL", "clickhouse/start.sh") };
}

/** Stops the local ClickHouse instance `name` (`kill`: with SIGKILL at once); data is kept unless `wipe`. */
export async function stopClickHouse(name = "default", opts: { wipe?: boolean; kill?: boolean } = {}): Promise<void> {
  if (hasExternalClickHouse()) return;
  await run("clickhouse/stop.sh", [name, ...(opts.wipe ? ["--wipe"] : []), ...(opts.kill ? ["--kill"] : [])]);
}

export interface KafkaOptions {
  name?: string;
  /** Topics to create at start (default: the five answerscope.* topics). */
  topics?: string[];
  /** Partitions per topic (default 4). */
  partitions?: number;
}

/** Starts (or finds running) the mock Kafka broker `name`. Messages live in memory only. */
export async function startKafka(opts: KafkaOptions = {}): Promise<{ brokers: string }> {
  const external = process.env.KAFKA_BROKERS;
  if (external) return { brokers: external };
  const args = [opts.name ?? "default"];
  if (opts.topics) args.push("--topics", opts.topics.join(","));
  if (opts.partitions !== undefined) args.push("--partitions", String(opts.partitions));
  const out = await run("kafka-mock/start.sh", args);
  return { brokers: pick(out, "KAFKA_BROKERS", "kafka-mock/start.sh") };
}

/** Stops the mock Kafka broker `name`. */
export async function stopKafka(name = "default", opts: { wipe?: boolean } = {}): Promise<void> {
  if (hasExternalKafka()) return;
  await run("kafka-mock/stop.sh", [name, ...(opts.wipe ? ["--wipe"] : [])]);
}

export interface LocalCluster {
  /** The first node: what the product connects to. */
  url: string;
  cluster: string;
  /** Every node, shard by shard: s1r1, s1r2, s2r1, s2r2. */
  nodeUrls: string[];
}

/** Starts (or finds running) the local 2-shard x 2-replica cluster `name` with its ZooKeeper. */
export async function startClickHouseCluster(name = "cluster"): Promise<LocalCluster> {
  const script = "clickhouse-cluster/start.sh";
  const out = await run(script, [name]);
  return {
    url: pick(out, "CLICKHOUSE_URL", script),
    cluster: pick(out, "CLICKHOUSE_CLUSTER", script),
    nodeUrls: pick(out, "CLICKHOUSE_NODE_URLS", script).split(","),
  };
}

/** Stops every process of the local cluster `name`; data is kept unless `wipe`. */
export async function stopClickHouseCluster(name = "cluster", opts: { wipe?: boolean } = {}): Promise<void> {
  await run("clickhouse-cluster/stop.sh", [name, ...(opts.wipe ? ["--wipe"] : [])]);
}
