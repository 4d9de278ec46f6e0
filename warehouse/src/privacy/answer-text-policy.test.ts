import { STORED_TEXT_MAX_BYTES } from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { emptyFactBatch } from "../sink/fact-tables";
import type { ResponseTextRow } from "../sink/rows";
import { applyAnswerTextPolicy } from "./answer-text-policy";
import { loadPrivacyConfig } from "./tenant-privacy";

const row = (tenant: string, answer: string): ResponseTextRow =>
  ({
    tenant_id: tenant,
    question_text: "mail me at jane@example.com",
    question_truncated: 0,
    answer_text: answer,
    answer_truncated: 0,
  }) as ResponseTextRow;

describe("applyAnswerTextPolicy", () => {
  const config = loadPrivacyConfig({
    ANSWERSCOPE_PRIVACY: JSON.stringify({ tenants: { acme: { answer_texts: true } } }),
  });

  it("keeps texts only for a tenant that opted in: off by default", () => {
    const batch = emptyFactBatch();
    batch.texts.push(row("acme", "fine"), row("globex", "fine"));
    applyAnswerTextPolicy(batch, config);
    expect(batch.texts.map((r) => r.tenant_id)).toEqual(["acme"]);
  });

  it("redacts both texts, then cuts them to the byte limit and marks the cut; a second pass changes nothing", () => {
    const batch = emptyFactBatch();
    const long = "token=sk-abcdef1234567890abcdef " + "é".repeat(STORED_TEXT_MAX_BYTES);
    batch.texts.push(row("acme", long));
    applyAnswerTextPolicy(batch, config);
    const [stored] = batch.texts;
    expect(stored!.question_text).toBe("mail me at [EMAIL]");
    expect(stored!.question_truncated).toBe(0);
    expect(stored!.answer_text).not.toContain("sk-abcdef");
    expect(stored!.answer_text.startsWith("token=[REDACTED]")).toBe(true);
    expect(Buffer.byteLength(stored!.answer_text)).toBeLessThanOrEqual(STORED_TEXT_MAX_BYTES);
    expect(Buffer.byteLength(stored!.answer_text)).toBeGreaterThan(STORED_TEXT_MAX_BYTES - 2);
    expect(stored!.answer_truncated).toBe(1);
    const once = { ...stored! };
    applyAnswerTextPolicy(batch, config);
    expect(batch.texts).toEqual([once]);
  });
});
