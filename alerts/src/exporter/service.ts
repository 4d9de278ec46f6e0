import { createWarehouse, roleWarehouse, type RunningRole, type Warehouse } from "@answerscope/warehouse";
import { createLogger, createServiceServer, listen } from "@answerscope/runtime";
import { exporterWarehouseConfig, type ExporterConfig } from "./config";
import { createQualityExporter } from "./quality-exporter";

/**
 * Starts the quality exporter (the `exporter` role): figures from ClickHouse every
 * EXPORTER_REFRESH_MS, served on /metrics; on `shared` when given (answerscope serve), else on
 * its own warehouse.
 */
export async function startExporterService(
  config: ExporterConfig,
  shared?: Warehouse,
): Promise<RunningRole & { port: number }> {
  const logger = createLogger("exporter");
  // Only a failed refresh is logged: a warning, the figures of the last good one are served meanwhile.
  const log = (message: string) => logger.warn(message);
  const { warehouse, release } = roleWarehouse(shared, () =>
    createWarehouse(exporterWarehouseConfig(config), { logger }),
  );
  const exporter = createQualityExporter({ warehouse, config, log });
  // /metrics serves the last computed figures, never a query.
  const server = createServiceServer({
    routes: [],
    metrics: exporter.metrics,
    isReady: () => exporter.metrics.lastSuccessMs() !== undefined,
    logger,
  });
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
