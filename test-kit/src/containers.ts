/**
 * Where a Docker engine exists, the integration suites run against current ClickHouse and
 * real Kafka in containers (testcontainers) instead of the local 18.16 server and the mock
 * broker. The engine check fails within milliseconds where there is none (this workplace's
 * build machines), and the local services are used. ANSWERSCOPE_TESTCONTAINERS=off forces
 * the local services.
 */
import { KafkaContainer } from "@testcontainers/kafka";
import { Kafka, logLevel } from "kafkajs";
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from "testcontainers";

export const CLICKHOUSE_IMAGE = "clickhouse/clickhouse-server:26.8";
export const KAFKA_IMAGE = "confluentinc/cp-kafka:7.9.1";
const TOPICS = [
  "answerscope.response_completed",
  "answerscope.tool_call",
  "answerscope.feedback_submitted",
  "answerscope.external_outcome_recorded",
  "answerscope.dlq",
];

export async function containerEngineAvailable(): Promise<boolean> {
  if (process.env.ANSWERSCOPE_TESTCONTAINERS === "off") return false;
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export async function startClickHouseContainer(): Promise<{ url: string; container: StartedTestContainer }> {
  const container = await new GenericContainer(CLICKHOUSE_IMAGE)
    .withEnvironment({ CLICKHOUSE_SKIP_USER_SETUP: "1" })
    .withExposedPorts(8123)
    .withWaitStrategy(Wait.forHttp("/ping", 8123).forStatusCode(200))
    .start();
  return { url: `http://${container.getHost()}:${container.getMappedPort(8123)}`, container };
}

/** A KRaft Kafka with the product's topics, 4 partitions each (auto-creation would give 1). */
export async function startKafkaContainer(): Promise<{ brokers: string; container: StartedTestContainer }> {
  const container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
  const brokers = `${container.getHost()}:${container.getMappedPort(9093)}`;
  const admin = new Kafka({ clientId: "answerscope-test-setup", brokers: [brokers], logLevel: logLevel.ERROR }).admin();
  await admin.connect();
  try {
    await admin.createTopics({ topics: TOPICS.map((topic) => ({ topic, numPartitions: 4, replicationFactor: 1 })) });
  } finally {
    await admin.disconnect();
  }
  return { brokers, container };
}
