import { loadApiConfig } from "./config";
import { startApiService } from "./server";

const service = await startApiService(loadApiConfig());
console.log(`answerscope api listening on port ${service.port}`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("shutdown failed", error);
        process.exit(1);
      },
    );
  });
}
