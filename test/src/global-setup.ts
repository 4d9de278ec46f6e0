import type { TestProject } from "vitest/node";
import { hasExternalClickHouse, startClickHouse, stopClickHouse } from "./services";

declare module "vitest" {
  export interface ProvidedContext {
    clickhouseUrl: string;
  }
}

/** One real ClickHouse for the integration project (or the one CLICKHOUSE_URL names), stopped afterwards. */
export default async function setup(project: TestProject) {
  const { url } = await startClickHouse("test");
  project.provide("clickhouseUrl", url);
  return async () => {
    if (!hasExternalClickHouse()) await stopClickHouse("test", { wipe: true });
  };
}
