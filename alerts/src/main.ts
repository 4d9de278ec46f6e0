import { createWarehouse, stopOnSignals } from "@answerscope/warehouse";
import { exporterWarehouseConfig, loadExporterConfig } from "./exporter/config";
import { createQualityExporter } from "./exporter/quality-exporter";
import { createMetricsServer, listen } from "./http/metrics-server";

// The quality exporter as its own process: figures from ClickHouse every EXPORTER_REFRESH_MS, served on /metrics.
const config = loadExporterConfig();
const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);
const warehouse = createWarehouse(exporterWarehouseConfig(config));
const exporter = createQualityExporter({ warehouse, config, log });
const server = createMetricsServer({ exposition: exporter.metrics, isReady: () => exporter.metrics.lastSuccessMs() !== undefined, log });
const port = await listen(server, config.EXPORTER_PORT, config.EXPORTER_HOST);
exporter.start();
console.log(`answerscope exporter listening on port ${port}`);

stopOnSignals(async () => {
  server.close();
  await exporter.stop();
  await warehouse.close();
});
