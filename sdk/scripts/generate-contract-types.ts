// npm run types -w @answerscope/sdk: re-writes src/contract/events.generated.ts after a contract change.
import { writeFileSync } from "node:fs";
import { contractTypesSource } from "./contract-types";

writeFileSync(new URL("../src/contract/events.generated.ts", import.meta.url), contractTypesSource());
console.log("wrote src/contract/events.generated.ts");
