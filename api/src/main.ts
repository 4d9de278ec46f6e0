import { createLogger, startOrExit } from "@answerscope/runtime";
import { loadApiConfig } from "./config";
import { startApiService } from "./server";

const service = await startOrExit("api", () => startApiService(loadApiConfig()));
createLogger("api").info(`answerscope api listening on port ${service.port}`);
