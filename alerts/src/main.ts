import { createWarehouse } from "@answerscope/warehouse";
import { exporterWarehouseConfig, loadExporterConfig } from "./exporter/config";
import { createQualityExporter } from "./exporter/quality-exporter";
import { createMetricsServer, listen } from "./http/metrics-server";

// The quality exporter as its own process: figures from ClickHouse every EXPORTER_REFRESH_MS, served on /metrics.
const config = loadExporterConfig();
const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);
const warehouse = createWarehouse(exporterWarehouseConfig(config));
const exporter = createQualityExporter({ warehouse, config, log });
const server = createMetricsServer({ registry: exporter.metrics.registry, isReady: () => exporter.metrics.lastSuccessMs() !== undefined, log });
const port = await listen(server, config.EXPORTER_PORT, config.EXPORTER_HOST);
exporter.start();
console.log(`answerscope exporter listening on port ${port}`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    server.close();
    exporter
      .stop()
      .then(() => warehouse.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("shutdown failed", error);
          process.exit(1);
        },
      );
  });
}
