import { classifyQuery, isReask, redactSecrets } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { PLAIN_FOLLOW_UPS, REASK_OPENERS } from "./follow-ups";
import { TOPICS } from "./queries";
import { CHAT_TOOLS, DIAGNOSTIC_TOOLS } from "./tools";

const LANGUAGES = ["en", "zh"] as const;

describe("query texts", () => {
  const cases = TOPICS.flatMap((topic) =>
    LANGUAGES.flatMap((language) => topic.queries[language].map((text) => [topic.category, text] as const)),
  );
  it.each(cases)("the contract rules classify %s: %s", (category, text) => {
    expect(classifyQuery(text)).toBe(category);
  });
});

describe("follow-up texts", () => {
  it.each(LANGUAGES.flatMap((language) => REASK_OPENERS[language]))("re-ask %j matches the re-ask rule", (text) => {
    expect(isReask(text)).toBe(true);
  });
  it.each(LANGUAGES.flatMap((language) => PLAIN_FOLLOW_UPS[language]))("plain follow-up %j does not", (text) => {
    expect(isReask(text)).toBe(false);
  });
});

describe("tool error messages", () => {
  const messages = [...CHAT_TOOLS, ...DIAGNOSTIC_TOOLS].flatMap((tool) =>
    tool.failures.flatMap((failure) => failure.messages),
  );
  const secretShaped = messages.filter((message) => /Bearer |sk-|password=|AKID/.test(message));

  it("include secrets of every shape the redactor knows", () => {
    for (const shape of ["Bearer ", "sk-", "password=", "AKID"])
      expect(secretShaped.some((message) => message.includes(shape))).toBe(true);
  });

  it.each(secretShaped)("%j is redacted by the contract", (message) => {
    expect(redactSecrets(message)).not.toBe(message);
    expect(redactSecrets(message)).toContain("[REDACTED]");
  });
});
