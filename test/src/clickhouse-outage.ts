import { startCuttingProxy } from "./cutting-proxy";
import { hasExternalClickHouse, startClickHouse, stopClickHouse } from "@answerscope/test-kit";

/** A ClickHouse a test can take away and bring back, whichever ClickHouse the suite runs on. */
export interface ClickHouseOutage {
  /** Where everything that should feel the outage connects. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends it for good (the local instance is wiped). */
  close(): Promise<void>;
}

/**
 * The local instance `name`, stopped and started for real, when the suite owns its servers; in front
 * of an external ClickHouse (CLICKHOUSE_URL), which the suite must not stop, a proxy that cuts it.
 */
export async function clickHouseOutage(name: string): Promise<ClickHouseOutage> {
  const { url } = await startClickHouse(name);
  if (!hasExternalClickHouse()) {
    return {
      url,
      stop: () => stopClickHouse(name),
      start: async () => void (await startClickHouse(name)),
      close: () => stopClickHouse(name, { wipe: true }),
    };
  }
  return startCuttingProxy(url);
}
