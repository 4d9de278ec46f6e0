import { stopOnSignals } from "../process-lifecycle";
import { loadOutcomeConfig, startOutcomeService } from "./service";

// The outcome evaluator as its own process (the `evaluator` role of answerscope serve, alone).
let config;
try {
  config = loadOutcomeConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const service = startOutcomeService(config);
stopOnSignals(() => service.stop());
