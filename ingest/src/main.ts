import { startOrExit } from "@answerscope/runtime";
import { loadIngestConfig } from "./config";
import { startIngestService } from "./service";

const service = await startOrExit("ingest", () => startIngestService(loadIngestConfig()));
console.log(`answerscope ingest listening on port ${service.port}`);
