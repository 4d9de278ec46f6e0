import { stopOnSignals } from "@answerscope/warehouse";
import { loadApiConfig } from "./config";
import { startApiService } from "./server";

const service = await startApiService(loadApiConfig());
console.log(`answerscope api listening on port ${service.port}`);
stopOnSignals(() => service.stop());
