import { createLogger, startOrExit } from "@answerscope/runtime";
import { loadIngestConfig } from "./config";
import { startIngestService } from "./service";

const service = await startOrExit("ingest", () => startIngestService(loadIngestConfig()));
createLogger("ingest").info(`answerscope ingest listening on port ${service.port}`);
