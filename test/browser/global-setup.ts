import type { TestProject } from "vitest/node";
import { startStack, type StackInfo } from "./stack/start-stack";

declare module "vitest" {
  export interface ProvidedContext {
    browserStack: StackInfo;
  }
}

/**
 * One stack for the browser project: its own ClickHouse instance (the outage test stops it, which
 * must never disturb the integration project), generated data, the query API and the built dashboard.
 */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  const { warehouse: _warehouse, services: _services, clickhouse: _clickhouse, stop: _stop, ...info } = stack;
  project.provide("browserStack", info);
  return async () => {
    await stack.stop();
    await stack.clickhouse.close();
  };
}
