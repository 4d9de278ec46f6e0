import type { Language } from "./queries";

// Texts of later turns in a session. A re-ask says the previous answer missed; the contract's
// re-ask rule (isReask) must match every one of them and none of the plain follow-ups
// (follow-ups.test.ts checks both), or the re-ask rate on the dashboard would be made up.

/** Said when the previous answer missed; the original question is usually repeated after it. */
export const REASK_OPENERS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    "That's not what I asked.",
    "Try again please.",
    "Still wrong.",
    "You didn't answer my question.",
    "Wrong answer,",
    "That is wrong, I meant:",
    "Not what I asked —",
  ],
  zh: ["不是这个意思，", "答非所问。", "还是不对，", "你没回答我的问题：", "请重新回答：", "你理解错了，"],
};

/** A next question on the same topic after a useful answer. */
export const PLAIN_FOLLOW_UPS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    "Thanks! Can you show an example?",
    "And what about the edge cases?",
    "Could you make it shorter?",
    "Great, how would this look in production?",
    "Makes sense. What are the trade-offs?",
  ],
  zh: [
    "好的，能举个例子吗？",
    "那如果数据量很大呢？",
    "可以再简短一点吗？",
    "明白了，还有别的方案吗？",
    "谢谢，优缺点分别是什么？",
  ],
};
