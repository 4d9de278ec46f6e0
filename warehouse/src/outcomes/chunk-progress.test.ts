import { describe, expect, it } from "vitest";
import { describeChunkProgress } from "./chunk-progress";

describe("describeChunkProgress", () => {
  it("says how far the tenant's evaluation is, or that chunks were halved and to what size", () => {
    expect(
      describeChunkProgress({
        tenantId: "t1",
        candidates: 5_003_595,
        evaluated: 1_250_401,
        chunkSize: 96_223,
        split: false,
      }),
    ).toBe("t1: 1,250,401 / 5,003,595 responses evaluated");
    expect(
      describeChunkProgress({ tenantId: "t1", candidates: 5_003_595, evaluated: 0, chunkSize: 96_223, split: true }),
    ).toBe("t1: a chunk passed ClickHouse's memory limit, now 96,223 responses per chunk");
  });
});
