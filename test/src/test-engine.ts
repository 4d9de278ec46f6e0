import { createWarehouse, embeddedWarehouseDir, type Warehouse } from "@answerscope/warehouse";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
// The server projects' provided `clickhouseUrl` is declared there.
import type {} from "./global-setup";

declare module "vitest" {
  export interface ProvidedContext {
    /** The ClickHouse the project's suites run on (vitest.config.ts): a server (integration, cluster) or embedded 26.x (engine-26). */
    warehouseEngine: "server" | "embedded";
    /** engine-26: the folder that holds every test file's data directory (engine-global-setup.ts). */
    embeddedDataRoot: string;
  }
}

export const testEngine = (): "server" | "embedded" => inject("warehouseEngine") ?? "server";

let dataRoot: string | undefined;

/**
 * The data directory of this test process on the embedded engine, made on first use below the
 * project's folder (removed when the run ends). libchdb binds one data directory per process, and
 * vitest runs each test file in a process of its own, so every file gets a fresh one; its
 * databases share it.
 */
export function embeddedDataRoot(): string {
  dataRoot ??= mkdtempSync(join(inject("embeddedDataRoot") ?? tmpdir(), "file-"));
  return dataRoot;
}

/** A test's warehouse on the project's engine, and the variables that give a product process the same database. */
export interface EngineWarehouse {
  warehouse: Warehouse;
  /** The variables a product component configured from the environment needs to reach `database`. */
  env: Record<string, string>;
  /** The server's URL; reading it on the embedded engine throws, naming what the test needs. */
  url: string;
}

export function openTestEngineWarehouse(database: string, requestTimeoutMs: number, cluster?: string): EngineWarehouse {
  if (testEngine() === "embedded") {
    const root = embeddedDataRoot();
    const warehouse = createWarehouse({ dataDir: embeddedWarehouseDir(root), database, requestTimeoutMs });
    return {
      warehouse,
      env: { CLICKHOUSE_URL: "", ANSWERSCOPE_DATA_DIR: root, CLICKHOUSE_DATABASE: database },
      get url(): string {
        throw new Error(
          "this test reads a ClickHouse server's URL, but its project runs on the embedded engine: configure product components with `env`",
        );
      },
    };
  }
  const url = inject("clickhouseUrl");
  const warehouse = createWarehouse({ url, database, cluster, requestTimeoutMs });
  return {
    warehouse,
    url,
    env: { CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: database, ...(cluster ? { CLICKHOUSE_CLUSTER: cluster } : {}) },
  };
}
