import type { TestProject } from "vitest/node";
import { buildServices } from "../../scripts/build-services";
import {
  containerEngineAvailable,
  startClickHouseContainer,
  startKafkaContainer,
} from "@answerscope/test-kit/containers";
import { hasExternalClickHouse, startClickHouse, stopClickHouse } from "@answerscope/test-kit";

declare module "vitest" {
  export interface ProvidedContext {
    clickhouseUrl: string;
  }
}

/**
 * One real ClickHouse for the integration project: the one CLICKHOUSE_URL names, else
 * current ClickHouse and Kafka in containers where a Docker engine exists, else the local
 * services (ClickHouse 18.16, the mock broker). Containers are announced through
 * CLICKHOUSE_URL / KAFKA_BROKERS, so the suites treat them as servers they cannot restart.
 */
export default async function setup(project: TestProject) {
  // The suites start services from their bundles, built from the sources under test.
  await buildServices();
  const stops: (() => Promise<unknown>)[] = [];
  if (!hasExternalClickHouse() && (await containerEngineAvailable())) {
    const clickhouse = await startClickHouseContainer();
    process.env.CLICKHOUSE_URL = clickhouse.url;
    stops.push(() => clickhouse.container.stop());
    if (!process.env.KAFKA_BROKERS) {
      const kafka = await startKafkaContainer();
      process.env.KAFKA_BROKERS = kafka.brokers;
      stops.push(() => kafka.container.stop());
    }
  }
  const startedLocally = !hasExternalClickHouse();
  const { url } = await startClickHouse("test");
  project.provide("clickhouseUrl", url);
  return async () => {
    if (startedLocally) await stopClickHouse("test", { wipe: true });
    for (const stop of stops) await stop();
  };
}
