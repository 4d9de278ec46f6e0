import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contractTypesSource } from "../../scripts/contract-types";

describe("the SDK's event types", () => {
  it("are the contract's, generated from its JSON Schema", () => {
    const checkedIn = readFileSync(new URL("./events.generated.ts", import.meta.url), "utf8");
    expect(checkedIn, "sdk/src/contract/events.generated.ts is stale: run `npm run types -w @answerscope/sdk`").toBe(
      contractTypesSource(),
    );
  });
});
