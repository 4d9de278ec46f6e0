import { createLogger, startOrExit } from "@answerscope/runtime";
import { loadExporterConfig } from "./exporter/config";
import { startExporterService } from "./exporter/service";

// The quality exporter as its own process (the `exporter` role of answerscope serve, alone).
const service = await startOrExit("exporter", () => startExporterService(loadExporterConfig()));
createLogger("exporter").info(`answerscope exporter listening on port ${service.port}`);
