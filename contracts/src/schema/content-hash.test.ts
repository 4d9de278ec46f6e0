import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentHashOf } from "./content-hash";

describe("contentHashOf", () => {
  it("is the sha256 of the canonical JSON without delivery fields", () => {
    const hash = contentHashOf({ event_id: "e1", occurred_at: "t", occurred_at_ms: 1, rating: "up", a: 1 });
    expect(hash).toBe(createHash("sha256").update('{"a":1,"rating":"up"}').digest("hex"));
  });

  it("ignores event_id, occurred_at and key order", () => {
    expect(contentHashOf({ event_id: "e1", occurred_at: "x", rating: "up", user_id: "u" })).toBe(
      contentHashOf({ user_id: "u", rating: "up", event_id: "e2", occurred_at: "y" }),
    );
  });

  it("changes when any content field changes", () => {
    const base = contentHashOf({ rating: "up", comment: null });
    expect(contentHashOf({ rating: "down", comment: null })).not.toBe(base);
    expect(contentHashOf({ rating: "up", comment: "ok" })).not.toBe(base);
  });
});
