import { describe, expect, it } from "vitest";
import { truncateUtf8Bytes } from "./truncate-bytes";

describe("truncateUtf8Bytes", () => {
  it("keeps a text within the limit whole, unmarked", () => {
    expect(truncateUtf8Bytes("héllo", 6)).toEqual({ text: "héllo", truncated: false });
  });

  it("cuts at the limit and marks the cut", () => {
    expect(truncateUtf8Bytes("abcdef", 4)).toEqual({ text: "abcd", truncated: true });
  });

  it("never cuts inside a character", () => {
    // "中" is 3 bytes: a limit of 4 keeps one of them, not one and a third.
    expect(truncateUtf8Bytes("中文", 4)).toEqual({ text: "中", truncated: true });
    expect(truncateUtf8Bytes("a😀", 4)).toEqual({ text: "a", truncated: true });
  });
});
