import { describe, expect, it } from "vitest";
import { retentionCutoffMs } from "./retention";

const at = (iso: string) => Date.parse(iso);

describe("retentionCutoffMs", () => {
  it("keeps today and the whole UTC days of the retention before it", () => {
    expect(new Date(retentionCutoffMs(at("2026-12-07T10:00:00Z"), 30)).toISOString()).toBe("2026-11-07T00:00:00.000Z");
    expect(new Date(retentionCutoffMs(at("2026-12-07T00:00:00Z"), 1)).toISOString()).toBe("2026-12-06T00:00:00.000Z");
    expect(new Date(retentionCutoffMs(at("2026-12-06T23:59:59.999Z"), 1)).toISOString()).toBe(
      "2026-12-05T00:00:00.000Z",
    );
  });
});
