// The LLM judge (warehouse/src/judge) against a local stand-in of an OpenAI-compatible chat
// completions endpoint (src/fake-chat-completions.ts): the real endpoint cannot be reached from
// here. Everything else is real: the collector stores the texts (ingest path, privacy step) in
// ClickHouse, the judge reads and writes its rows there.
import { createHash } from "node:crypto";
import { makeFeedback, makeResponseCompleted } from "@answerscope/contracts";
import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import {
  createJudgeMetrics,
  eraseUser,
  evaluateOutcomes,
  JUDGE_PROMPT_VERSION,
  JUDGE_SCORE_NAMES,
  judgeTenant,
  loadJudgeConfig,
  OUTCOME_LABELS,
  queryJudgeAgreement,
  queryRows,
  sqlValue,
  startJudgeService,
  type Warehouse,
} from "@answerscope/warehouse";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedLabels } from "../src/outcome-labels";
import { startFakeChatCompletions, type ChatReply, type FakeChatCompletions } from "../src/fake-chat-completions";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const API_KEY = "sk-judge-stand-in-key-7f3a9c2e";
const MODEL = "gpt-judge-test";
const DAY_MS = 86_400_000;
const T = {
  sampled: "t-sampled",
  budget: "t-budget",
  errors: "t-errors",
  /** Opted in when its texts were stored, out by the time the judge runs. */
  optedOut: "t-opted-out",
  /** Never opted in: no text stored, never judged. */
  never: "t-never",
  /** For the agreement figures: labelled answers, all judged. */
  agree: "t-agree",
};
const ANSWERS = { [T.sampled]: 40, [T.budget]: 10, [T.optedOut]: 3, [T.never]: 3 };
const ERROR_ANSWERS = { hang: "timeout", garbage: "malformed", "out-of-range": "malformed", boom: "http_5xx" };
const PLANTED = "my token=sk-proj-abcdefghijklmnop1234 and mail jane@example.com";

const ingestKey = (tenant: string) => `judge-ingest-${tenant}-0001`;
const privacyOf = (tenants: string[]) =>
  JSON.stringify({ tenants: Object.fromEntries(tenants.map((t) => [t, { answer_texts: true }])) });
const answerNumber = (answer: string) => Number(/answer (\d+)$/.exec(answer)?.[1]);
/** The stand-in's scores for answer n, so each stored score can be traced to its answer. */
const scoresFor = (n: number) => ({
  relevance: 1 + (n % 5),
  correctness: 1 + ((n + 1) % 5),
  completeness: 1 + ((n + 2) % 5),
  actionability: 1 + ((n + 3) % 5),
  tone: 1 + ((n + 4) % 5),
});

/** The stand-in's answer: by what the judged answer says. */
function reply(request: { body: { messages: { role: string; content: string }[] } }): ChatReply {
  const user = request.body.messages.find((m) => m.role === "user")!;
  const { answer } = JSON.parse(user.content) as { answer: string };
  if (answer === "hang") return { hangMs: 5000 };
  if (answer === "garbage") return { content: "The answer looks good to me." };
  if (answer === "out-of-range") return { content: JSON.stringify({ ...scoresFor(0), relevance: 9 }) };
  if (answer === "boom") return { status: 503 };
  return { content: JSON.stringify(scoresFor(answerNumber(answer))) };
}

/** Sampled at `rate` by our own reading of the rule (halfMD5: MD5's first 8 bytes, big-endian), independent of the SQL. */
const sampledAt = (rate: number) => (id: string) =>
  createHash("md5").update(id).digest().readBigUInt64BE(0) % 10_000n < BigInt(Math.round(rate * 10_000));

describe("LLM judge", () => {
  let warehouse: Warehouse;
  let created: Awaited<ReturnType<typeof createTestWarehouse>>;
  let collector: RunningService;
  let chat: FakeChatCompletions;
  const nowMs = Date.now();

  const judged = (tenant: string) =>
    queryRows<{
      response_id: string;
      status: string;
      error_kind: string;
      model: string;
      prompt_version: string;
      relevance: number;
      correctness: number;
      completeness: number;
      actionability: number;
      tone: number;
    }>(
      warehouse,
      `SELECT response_id, status, error_kind, model, prompt_version, relevance, correctness, completeness, actionability, tone
       FROM ${warehouse.table("judge_scores")} WHERE tenant_id = ${sqlValue(tenant)} ORDER BY response_id, judged_at_ms`,
    );
  const requestsOf = (tenant: string) =>
    chat.requests.filter((r) => r.body.messages.some((m) => m.role === "user" && m.content.includes(tenant)));
  const passOptions = (overrides: Partial<Parameters<typeof judgeTenant>[2]> = {}) => ({
    endpoint: { url: chat.url, model: MODEL, apiKey: loadJudgeConfig(judgeEnv()).JUDGE_API_KEY, timeoutMs: 500 },
    rate: 1,
    dailyBudget: 1000,
    lookbackMs: 7 * DAY_MS,
    metrics: createJudgeMetrics(new Registry()),
    ...overrides,
  });
  const judgeEnv = (extra: Record<string, string> = {}) => ({
    ...created.env,
    JUDGE_URL: chat.url,
    JUDGE_MODEL: MODEL,
    JUDGE_API_KEY: API_KEY,
    ...extra,
  });

  beforeAll(async () => {
    created = await createTestWarehouse("as_judge");
    warehouse = created.warehouse;
    chat = await startFakeChatCompletions(API_KEY, reply);
    const tenants = Object.values(T);
    // On this test's warehouse (one engine per process on the embedded line), as `answerscope serve` runs it.
    collector = await startIngestService(
      loadIngestConfig({
        ...created.env,
        PORT: "0",
        ANSWERSCOPE_KEYS: tenants.map((t) => `ingest:${t}:${ingestKey(t)}`).join(","),
        ANSWERSCOPE_PRIVACY: privacyOf(tenants.filter((t) => t !== T.never)),
      }),
      warehouse,
    );
    const at = new Date(nowMs - 3_600_000).toISOString();
    const answer = (tenant: string, id: string, text: string, question = "How do I reset my password?") =>
      makeResponseCompleted({
        tenant_id: tenant,
        event_id: `ev-${id}`,
        response_id: id,
        occurred_at: at,
        query_text: question,
        answer_text: text,
      });
    const events: Record<string, object[]> = {
      [T.errors]: Object.keys(ERROR_ANSWERS).map((text) => answer(T.errors, `e-${text}`, text)),
    };
    for (const [tenant, count] of Object.entries(ANSWERS))
      events[tenant] = Array.from({ length: count }, (_, n) =>
        answer(tenant, `${tenant}-${n}`, `${tenant} answer ${n}`),
      );
    events[T.sampled]!.push(answer(T.sampled, "planted", PLANTED, `call me at jane@example.com, ${PLANTED}`));
    for (const [tenant, list] of Object.entries(events)) {
      const res = await fetch(`http://127.0.0.1:${collector.port}/v1/events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${ingestKey(tenant)}` },
        body: JSON.stringify(list),
      });
      // 202 once the rows are written (single node: the collector writes them itself before it answers).
      expect(res.status, tenant).toBe(202);
    }
  });

  afterAll(async () => {
    await collector?.stop();
    await chat?.close();
    if (warehouse) await dropTestWarehouse(warehouse);
  });

  it("stores texts only for the tenants that opted in, redacted", async () => {
    const rows = await queryRows<{ tenant_id: string; texts: number }>(
      warehouse,
      `SELECT tenant_id, count() AS texts FROM ${warehouse.table("response_texts")} GROUP BY tenant_id ORDER BY tenant_id`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.tenant_id, Number(r.texts)]))).toEqual({
      [T.budget]: 10,
      [T.errors]: 4,
      [T.optedOut]: 3,
      [T.sampled]: 41,
    });
    const [planted] = await queryRows<{ question_text: string; answer_text: string; answer_truncated: number }>(
      warehouse,
      `SELECT question_text, answer_text, answer_truncated FROM ${warehouse.table("response_texts")}
       WHERE tenant_id = ${sqlValue(T.sampled)} AND response_id = 'planted'`,
    );
    expect(planted).toEqual({
      question_text: "call me at [EMAIL], my token=[REDACTED] and mail [EMAIL]",
      answer_text: "my token=[REDACTED] and mail [EMAIL]",
      answer_truncated: 0,
    });
  });

  it("judges the sampled share of a tenant's answers once, storing the five scores with model and prompt version", async () => {
    const ids = [...Array.from({ length: ANSWERS[T.sampled]! }, (_, n) => `${T.sampled}-${n}`), "planted"];
    const expected = ids.filter(sampledAt(0.5)).sort();
    // The rule picks some, not all: otherwise this test could not tell a sample from everything.
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(ids.length - 5);
    const result = await judgeTenant(warehouse, T.sampled, passOptions({ rate: 0.5 }));
    const rows = await judged(T.sampled);
    expect(rows.map((r) => r.response_id)).toEqual(expected);
    expect(result).toEqual({ tenantId: T.sampled, scored: expected.length, errors: 0, budgetSpent: false });
    for (const row of rows.filter((r) => r.response_id !== "planted"))
      expect(row).toEqual({
        response_id: row.response_id,
        status: "ok",
        error_kind: "",
        model: MODEL,
        prompt_version: JUDGE_PROMPT_VERSION,
        ...scoresFor(answerNumber(row.response_id.replace(`${T.sampled}-`, "answer "))),
      });
    const [request] = requestsOf(T.sampled);
    expect(request!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toMatchObject({ model: MODEL, response_format: { type: "json_object" } });
    // Judged once: a second pass calls for nothing.
    const before = chat.requests.length;
    await judgeTenant(warehouse, T.sampled, passOptions({ rate: 0.5 }));
    expect(chat.requests.length).toBe(before);
  });

  it("stores a timeout, a malformed answer and a 5xx as errors without scores, and counts them", async () => {
    const registry = new Registry();
    const result = await judgeTenant(warehouse, T.errors, passOptions({ metrics: createJudgeMetrics(registry) }));
    expect(result).toMatchObject({ scored: 0, errors: 4 });
    const rows = await judged(T.errors);
    expect(rows.map((r) => [r.response_id, r.status, r.error_kind])).toEqual(
      Object.entries(ERROR_ANSWERS)
        .map(([text, kind]) => [`e-${text}`, "error", kind])
        .sort(),
    );
    for (const row of rows)
      expect([row.relevance, row.correctness, row.completeness, row.actionability, row.tone]).toEqual([0, 0, 0, 0, 0]);
    const counter = await registry.getSingleMetric("answerscope_judge_calls_total")!.get();
    expect(Object.fromEntries(counter.values.map((v) => [v.labels.outcome, v.value]))).toEqual({
      timeout: 1,
      malformed: 2,
      http_5xx: 1,
    });
  });

  it("stops at the tenant's daily budget, also after a restart, and goes on the next day", async () => {
    const budget = { dailyBudget: 4, now: () => nowMs };
    expect(await judgeTenant(warehouse, T.budget, passOptions(budget))).toMatchObject({ scored: 4, budgetSpent: true });
    expect(requestsOf(T.budget)).toHaveLength(4);
    // A new pass with fresh counters (as after a restart) counts the stored calls of the day.
    expect(await judgeTenant(warehouse, T.budget, passOptions(budget))).toMatchObject({ scored: 0, budgetSpent: true });
    expect(requestsOf(T.budget)).toHaveLength(4);
    const tomorrow = { dailyBudget: 4, now: () => nowMs + DAY_MS };
    expect(await judgeTenant(warehouse, T.budget, passOptions(tomorrow))).toMatchObject({ scored: 4 });
    expect(requestsOf(T.budget)).toHaveLength(8);
    expect(new Set((await judged(T.budget)).map((r) => r.response_id)).size).toBe(8);
  });

  it("as a role, never judges a tenant without opt-in, and never logs the key", async () => {
    const lines: string[] = [];
    let passDone: () => void = () => {};
    const done = new Promise<void>((resolve) => (passDone = resolve));
    const log = (fields: Record<string, unknown>, message: string) => {
      lines.push(JSON.stringify({ ...fields, message }));
      if (message === "judge pass" || message === "judge pass failed") passDone();
    };
    const config = loadJudgeConfig(
      judgeEnv({
        JUDGE_SAMPLE_RATE: "1",
        JUDGE_DAILY_BUDGET: "4",
        JUDGE_TIMEOUT_MS: "500",
        ANSWERSCOPE_PRIVACY: privacyOf([T.sampled, T.budget, T.errors]),
      }),
    );
    expect(JSON.stringify(config)).not.toContain(API_KEY);
    const role = startJudgeService(config, { info: log, warn: log, error: log }, warehouse);
    try {
      await Promise.race([
        done,
        new Promise((_, reject) => setTimeout(() => reject(new Error("no judge pass within 30 s")), 30_000)),
      ]);
    } finally {
      await role.stop();
    }
    expect(lines.some((line) => line.includes("judge pass failed"))).toBe(false);
    // t-sampled's other answers were judged now (rate 1, its budget of 4): the role did run.
    expect((await judged(T.sampled)).length).toBeGreaterThan(0);
    expect(requestsOf(T.optedOut)).toEqual([]);
    expect(requestsOf(T.never)).toEqual([]);
    expect(await judged(T.optedOut)).toEqual([]);
    expect(lines.join("\n")).not.toContain(API_KEY);
    expect(await role.registry.metrics()).toContain("answerscope_judge_calls_total");
  });

  it("computes the figures of GET /api/v1/judge: mean scores per outcome label with intervals, and the judge's good rate", async () => {
    const tenant = "t-agree";
    const at = nowMs - 3_600_000;
    // Own sessions, so no answer is another's follow-up; answers 0-2 rated down by their user.
    const events = [
      ...Array.from({ length: 6 }, (_, n) =>
        makeResponseCompleted({
          tenant_id: tenant,
          event_id: `ev-a-${n}`,
          response_id: `a-${n}`,
          session_id: `sa-${n}`,
          occurred_at: new Date(at).toISOString(),
          answer_text: `${tenant} answer ${n}`,
        }),
      ),
      // One answer the judge fails on (a 503): counted in errors, in no label's figures.
      makeResponseCompleted({
        tenant_id: tenant,
        event_id: "ev-a-boom",
        response_id: "a-boom",
        session_id: "sa-boom",
        occurred_at: new Date(at).toISOString(),
        answer_text: "boom",
      }),
      ...[0, 1, 2].map((n) =>
        makeFeedback({
          tenant_id: tenant,
          event_id: `ev-fb-${n}`,
          client_feedback_id: `fb-${n}`,
          target_id: `a-${n}`,
          session_id: `sa-${n}`,
          occurred_at: new Date(at + 60_000).toISOString(),
          rating: "down",
        }),
      ),
    ];
    const res = await fetch(`http://127.0.0.1:${collector.port}/v1/events`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ingestKey(tenant)}` },
      body: JSON.stringify(events),
    });
    expect(res.status).toBe(202);
    await evaluateOutcomes(warehouse, { tenantId: tenant, settleMs: 0 });
    await judgeTenant(warehouse, tenant, passOptions());
    const labels = await storedLabels(warehouse, tenant);
    // Our own figures, from the stand-in's scores and the stored labels.
    const expected = OUTCOME_LABELS.flatMap((label) => {
      const ns = [...labels.values()]
        .filter((row) => row.label === label && row.response_id !== "a-boom")
        .map((row) => Number(row.response_id.slice(2)));
      if (ns.length === 0) return [];
      const meanOf = (values: number[]) => {
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        if (values.length < 2) return { mean, ci_low: null, ci_high: null };
        const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
        const half = (1.959964 * sd) / Math.sqrt(values.length);
        return {
          mean: expect.closeTo(mean, 9),
          ci_low: expect.closeTo(mean - half, 9),
          ci_high: expect.closeTo(mean + half, 9),
        };
      };
      const scores = ns.map(scoresFor);
      const good = scores.filter((s) => Object.values(s).reduce((a, b) => a + b, 0) / 5 >= 4).length;
      return [
        {
          label,
          judged: ns.length,
          scores: Object.fromEntries(JUDGE_SCORE_NAMES.map((name) => [name, meanOf(scores.map((s) => s[name]))])),
          judge_good: good,
          judge_good_rate: good / ns.length,
          judge_good_ci_low: expect.any(Number),
          judge_good_ci_high: expect.any(Number),
        },
      ];
    });
    // Two labels at least (the down-rated answers are bad), or the grouping would go untested.
    expect(expected.map((row) => row.label)).toContain("bad");
    expect(expected.length).toBeGreaterThan(1);
    const day = new Date(at - (at % DAY_MS));
    const answer = await queryJudgeAgreement(warehouse, {
      tenantId: tenant,
      from: day.toISOString(),
      to: new Date(day.getTime() + 2 * DAY_MS).toISOString(),
    });
    expect(answer).toEqual({ judged: 6, errors: 1, by_label: expected });
  });

  it("erases a user's texts and judge scores with the user's other rows", async () => {
    const counts = async (tenant: string) =>
      Object.fromEntries(
        await Promise.all(
          ["responses", "response_texts", "judge_scores"].map(async (table) => {
            const [row] = await queryRows<{ n: number }>(
              warehouse,
              `SELECT count() AS n FROM ${warehouse.table(table)} WHERE tenant_id = ${sqlValue(tenant)}`,
            );
            return [table, Number(row?.n)];
          }),
        ),
      );
    const before = await counts(T.budget);
    expect(before.response_texts).toBe(10);
    expect(before.judge_scores).toBe(8);
    // Every answer of the data set is user_1's (the fixture's owner).
    const erasure = await eraseUser(warehouse, { tenantId: T.sampled, userId: "user_1", settleMs: 0 });
    expect(erasure.deletedRows.response_texts).toBe(41);
    expect(await counts(T.sampled)).toEqual({ responses: 0, response_texts: 0, judge_scores: 0 });
    // Another tenant's rows stay.
    expect(await counts(T.budget)).toEqual(before);
  });
});
