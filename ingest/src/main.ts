import { stopOnSignals } from "@answerscope/warehouse";
import { loadIngestConfig } from "./config";
import { startIngestService } from "./service";

const service = await startIngestService(loadIngestConfig());
console.log(`answerscope ingest listening on port ${service.port}`);
stopOnSignals(() => service.stop());
