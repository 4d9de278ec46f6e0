import { describe, expect, it } from "vitest";
import { REASK_PHRASES, isReask } from "./reask-phrases";

describe("REASK_PHRASES", () => {
  it("holds the phrases docs/metrics.md lists", () => {
    const required = [
      "不是这个意思",
      "你没回答",
      "没有回答我的问题",
      "重新回答",
      "还是不对",
      "答非所问",
      "not what i asked",
      "you didn't answer",
      "that's wrong",
      "that is wrong",
      "try again",
      "still wrong",
      "wrong answer",
    ];
    expect(REASK_PHRASES).toEqual(expect.arrayContaining(required));
  });

  it("is plain lower-case text usable in SQL", () => {
    for (const phrase of REASK_PHRASES) {
      expect(phrase).toBe(phrase.toLowerCase());
      expect(phrase).not.toContain("\u2019");
      expect(phrase.trim()).toBe(phrase);
    }
  });
});

describe("isReask", () => {
  it.each([
    "不是这个意思，我问的是部署",
    "你没回答我的问题",
    "请重新回答",
    "还是不对啊",
    "答非所问",
    "That is NOT what I asked",
    "You didn't answer the question",
    "you didn\u2019t answer",
    "That\u2019s wrong, the port is 8080",
    "that's wrong",
    "Try again please",
    "STILL WRONG",
    "wrong answer.",
  ])("%j is a re-ask", (text) => {
    expect(isReask(text)).toBe(true);
  });

  it.each([
    "How do I deploy to staging?",
    "这个函数是什么意思",
    "What is the right answer to life?",
    "retry the request",
    "",
    null,
    undefined,
  ])("%j is not a re-ask", (text) => {
    expect(isReask(text)).toBe(false);
  });
});
