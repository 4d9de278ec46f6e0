import { describe, expect, it } from "vitest";
import { displayNameOf, parseSessionFileName } from "./session-file-name";

describe("parseSessionFileName", () => {
  it("reads new names with the ~hash suffix", () => {
    expect(parseSessionFileName("feishu__cli_a1__oc_42~0123456789abcdef.jsonl")).toEqual({
      sessionKey: "feishu__cli_a1__oc_42",
      type: "feishu",
      channelId: "cli_a1",
      chatId: "oc_42",
      hash: "0123456789abcdef",
    });
  });

  it("reads legacy names and decodes percent-encoded parts after splitting", () => {
    expect(parseSessionFileName("slack__T01%2FC02__U%3A42%5F%5Fx.jsonl")).toMatchObject({
      channelId: "T01/C02",
      chatId: "U:42__x",
      hash: null,
    });
    expect(displayNameOf("slack__T01%2FC02__U%3A42.jsonl")).toBe("slack__T01/C02__U:42.jsonl");
  });

  it("refuses names that are not sessions", () => {
    expect(parseSessionFileName("notes.txt")).toBeNull();
    expect(parseSessionFileName("random.jsonl")).toBeNull();
    expect(parseSessionFileName("a__b.jsonl")).toBeNull();
    expect(displayNameOf("notes.txt")).toBe("notes.txt");
  });

  it("keeps a stray % as written", () => {
    expect(parseSessionFileName("cli__x__100%.jsonl")?.chatId).toBe("100%");
  });
});
