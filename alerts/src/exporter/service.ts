import { createWarehouse, roleWarehouse, type RunningRole, type Warehouse } from "@answerscope/warehouse";
import { createServiceServer, listen } from "@answerscope/runtime";
import { exporterWarehouseConfig, type ExporterConfig } from "./config";
import { createQualityExporter } from "./quality-exporter";

/**
 * Starts the quality exporter (the `exporter` role): figures from ClickHouse every
 * EXPORTER_REFRESH_MS, served on /metrics; on `shared` when given (answerscope serve), else on
 * its own warehouse.
 */
export async function startExporterService(config: ExporterConfig, shared?: Warehouse): Promise<RunningRole & { port: number }> {
  const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);
  const { warehouse, release } = roleWarehouse(shared, () => createWarehouse(exporterWarehouseConfig(config)));
  const exporter = createQualityExporter({ warehouse, config, log });
  // /metrics serves the last computed figures, never a query.
  const server = createServiceServer({ routes: [], metrics: exporter.metrics, isReady: () => exporter.metrics.lastSuccessMs() !== undefined, log });
  const port = await listen(server, config.EXPORTER_PORT, config.EXPORTER_HOST);
  exporter.start();
  return {
    port,
    async stop() {
      server.close();
      server.closeAllConnections();
      await exporter.stop();
      await release();
    },
  };
}
