import { describe, expect, it } from "vitest";
import { isValidTimeZone, localTimeToEpochMs } from "./local-time";

describe("localTimeToEpochMs", () => {
  it("reads the wall clock in the given zone, keeping milliseconds of a microsecond fraction", () => {
    expect(new Date(localTimeToEpochMs("2026-08-20T10:00:00.123456", "Asia/Shanghai")!).toISOString()).toBe(
      "2026-08-20T02:00:00.123Z",
    );
    expect(new Date(localTimeToEpochMs("2026-08-20T10:00:00", "UTC")!).toISOString()).toBe("2026-08-20T10:00:00.000Z");
    expect(new Date(localTimeToEpochMs("2026-08-20 10:00", "UTC")!).toISOString()).toBe("2026-08-20T10:00:00.000Z");
  });

  it("follows daylight saving time", () => {
    expect(new Date(localTimeToEpochMs("2026-07-01T12:00:00", "Europe/Berlin")!).toISOString()).toBe(
      "2026-07-01T10:00:00.000Z",
    );
    expect(new Date(localTimeToEpochMs("2026-01-01T12:00:00", "Europe/Berlin")!).toISOString()).toBe(
      "2026-01-01T11:00:00.000Z",
    );
    expect(new Date(localTimeToEpochMs("2026-03-08T12:00:00", "America/New_York")!).toISOString()).toBe(
      "2026-03-08T16:00:00.000Z",
    );
  });

  it("takes a time that has a zone as is, and refuses what is not a time", () => {
    expect(new Date(localTimeToEpochMs("2026-08-20T10:00:00+02:00", "Asia/Shanghai")!).toISOString()).toBe(
      "2026-08-20T08:00:00.000Z",
    );
    expect(localTimeToEpochMs("yesterday", "UTC")).toBeNull();
  });

  it("knows valid zone names", () => {
    expect(isValidTimeZone("Asia/Shanghai")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });
});
