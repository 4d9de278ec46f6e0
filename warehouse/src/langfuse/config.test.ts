import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { loadLangfuseConfig } from "./config";
import { ratingOf } from "./feedback-pull";

const SECRET = "sk-lf-do-not-print";
const tenant = (extra: object = {}) => ({
  tenant_id: "acme",
  base_url: "https://langfuse.example.com",
  public_key: "pk-lf-1",
  secret_key: SECRET,
  ...extra,
});
const load = (tenants: unknown[]) => loadLangfuseConfig({ LANGFUSE_TENANTS: JSON.stringify({ tenants }) });

describe("Langfuse configuration", () => {
  it("no tenant listed: nothing configured", () => {
    expect(loadLangfuseConfig({}).tenants).toEqual([]);
  });

  it("keeps the secret out of every printed form of the configuration", () => {
    const config = load([tenant({ pull_score_names: ["user-feedback"], ingest_key: "ingest-secret" })]);
    expect(config.tenants[0]!.secret_key.reveal()).toBe(SECRET);
    for (const printed of [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      String(config.tenants[0]!.secret_key),
      `${config.tenants[0]!.ingest_key}`,
    ]) {
      expect(printed).not.toContain(SECRET);
      expect(printed).not.toContain("ingest-secret");
    }
  });

  it("refuses a bad list naming the field, never echoing a value", () => {
    const problems = [
      () => load([tenant({ base_url: "ftp://x" })]),
      () => load([tenant(), tenant()]),
      () => load([tenant({ pull_score_names: ["user_feedback_score"], ingest_key: "k" })]),
      () => load([tenant({ pull_score_names: ["user-feedback"] })]),
      () => loadLangfuseConfig({ LANGFUSE_TENANTS: `{"tenants": [{"secret_key": "${SECRET}"` }),
    ];
    const messages = problems.map((run) => {
      try {
        run();
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(messages[0]).toMatch(/tenants\.0\.base_url/);
    expect(messages[1]).toMatch(/a tenant is listed twice/);
    expect(messages[2]).toMatch(/pull_score_names: names a score Answerscope writes itself/);
    expect(messages[3]).toMatch(/ingest_key: pull_score_names needs an ingest_key/);
    expect(messages[4]).toBe("invalid langfuse configuration: LANGFUSE_TENANTS is not readable JSON");
    for (const message of messages) expect(message).not.toContain(SECRET);
  });
});

describe("ratingOf: a Langfuse user-feedback score as a thumb", () => {
  it.each([
    [{ dataType: "NUMERIC", value: 1 }, "up"],
    [{ dataType: "NUMERIC", value: 0 }, "down"],
    [{ dataType: "NUMERIC", value: -1 }, "down"],
    [{ dataType: "BOOLEAN", value: true }, "up"],
    [{ dataType: "BOOLEAN", value: false }, "down"],
    [{ dataType: "CATEGORICAL", value: " Thumbs_Up " }, "up"],
    [{ dataType: "CATEGORICAL", value: "negative" }, "down"],
    [{ dataType: "CATEGORICAL", value: "meh" }, null],
    [{ dataType: "TEXT", value: "great answer" }, null],
  ] as const)("%o is %s", (score, rating) => {
    expect(ratingOf(score as never)).toBe(rating);
  });
});
