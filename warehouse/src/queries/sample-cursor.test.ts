import { describe, expect, it } from "vitest";
import { decodeSampleCursor, encodeSampleCursor } from "./sample-cursor";

describe("sample cursor", () => {
  it("round-trips any response id", () => {
    for (const responseId of ["r-1", 'it\'s \\ "quoted" 😀', "'; DROP TABLE responses; --"]) {
      const cursor = { occurredAtMs: 1_764_460_800_123, responseId };
      expect(decodeSampleCursor(encodeSampleCursor(cursor))).toEqual(cursor);
    }
  });

  it("rejects text it did not issue", () => {
    for (const text of [
      "",
      "not a cursor!",
      Buffer.from("[1]").toString("base64url"),
      Buffer.from('[-1,"r"]').toString("base64url"),
      Buffer.from('{"a":1}').toString("base64url"),
      Buffer.from('[1,""]').toString("base64url"),
    ]) {
      expect(decodeSampleCursor(text)).toBeUndefined();
    }
  });
});
