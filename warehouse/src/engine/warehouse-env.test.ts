import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createWarehouse, warehouseConfigFromEnv, WarehouseEnvSchema } from "../client";

const configOf = (env: NodeJS.ProcessEnv) => warehouseConfigFromEnv(WarehouseEnvSchema.parse(env));

describe("the warehouse's engine from the environment", () => {
  it("runs embedded, in the data directory's warehouse folder, when CLICKHOUSE_URL is not set", () => {
    expect(configOf({})).toMatchObject({ dataDir: resolve(".data", "warehouse"), database: "answerscope" });
    expect(configOf({})).not.toHaveProperty("url");
    expect(configOf({ ANSWERSCOPE_DATA_DIR: "/srv/as" })).toMatchObject({ dataDir: join("/srv/as", "warehouse") });
  });

  it("treats an empty CLICKHOUSE_URL (an env file's `X=`) as unset", () => {
    expect(configOf({ CLICKHOUSE_URL: "", ANSWERSCOPE_DATA_DIR: "" })).toMatchObject({
      dataDir: resolve(".data", "warehouse"),
    });
  });

  it("talks to the server CLICKHOUSE_URL names, and opens no data directory", () => {
    const config = configOf({
      CLICKHOUSE_URL: "http://ch:8123",
      ANSWERSCOPE_DATA_DIR: "/srv/as",
      CLICKHOUSE_CLUSTER: "c",
    });
    expect(config).toMatchObject({ url: "http://ch:8123", cluster: "c" });
    expect(config).not.toHaveProperty("dataDir");
    const warehouse = createWarehouse(config);
    expect(warehouse.engine).toBe("server");
    return warehouse.close();
  });

  it("names a bad CLICKHOUSE_URL", () => {
    expect(() => configOf({ CLICKHOUSE_URL: "not a url" })).toThrow(/CLICKHOUSE_URL/);
  });

  it("refuses a cluster without a server, and a config naming both engines or none", () => {
    expect(() => createWarehouse(configOf({ CLICKHOUSE_CLUSTER: "answerscope" }))).toThrow(
      /CLICKHOUSE_CLUSTER needs a ClickHouse server/,
    );
    expect(() => createWarehouse({ url: "http://ch:8123", dataDir: "/srv/as/warehouse" })).toThrow(
      /either a ClickHouse server's url/,
    );
    expect(() => createWarehouse({})).toThrow(/either a ClickHouse server's url/);
  });
});
