import { startOrExit } from "@answerscope/runtime";
import { loadOutcomeConfig, startOutcomeService } from "./evaluator-service";

// The outcome evaluator as its own process (the `evaluator` role of answerscope serve, alone).
await startOrExit("outcomes", () => startOutcomeService(loadOutcomeConfig()));
