import { startOrExit } from "@answerscope/runtime";
import { loadApiConfig } from "./config";
import { startApiService } from "./server";

const service = await startOrExit("api", () => startApiService(loadApiConfig()));
console.log(`answerscope api listening on port ${service.port}`);
