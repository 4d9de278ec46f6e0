import { spawn } from "node:child_process";
import { mkdtemp, rename, rm, writeFile, appendFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoTransport } from "@answerscope/demo";
import {
  importVikingbot,
  openTransport,
  watchVikingbot,
  type ImportReport,
  type MappingContext,
} from "@answerscope/importer";
import type { RunningService } from "@answerscope/ingest";
import { startTestCollector } from "../src/test-collector";
import { evaluateOutcomes, queryMetrics, queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALICE_FILE,
  BOB_FILE,
  BOB_KEY,
  TIME_ZONE,
  aliceFeedback,
  aliceLines,
  aliceOutcomes,
  writeFixtures,
} from "@answerscope/importer/testing/vikingbot-fixtures";
import { assistantLine, sessionText } from "@answerscope/importer/testing/vikingbot-lines";
import { projectClusterEnv } from "../src/ingest-workers";
import { waitFor } from "@answerscope/test-kit";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse, rawCounts } from "../src/warehouse";

const TENANT = "vb";
const INGEST_KEY = "vb-ingest-key-00000000001";
const RANGE = { from: "2026-08-20T00:00:00.000Z", to: "2026-08-21T00:00:00.000Z" };
const context: MappingContext = { tenantId: TENANT, timeZone: TIME_ZONE, model: "unknown", provider: "unknown" };

/**
 * What docs/metrics.md implies for the fixtures (importer/src/testing/vikingbot-fixtures.ts), over 2026-08-20 UTC:
 * - answers r1, r2, h1 (the heartbeat's), r3 in Alice's file, r4, r5 in Bob's → 6.
 * - explicit ratings: r1 down (thumb_up, stored without a user, then thumb_down: the latest wins),
 *   r3 up (rating 4, sent as the score 1 on -1..1), r4 down (rating -2: the score -1), r2 and r5
 *   neutral (ratings of 0: the score 0, the scale's midpoint) → coverage 5/6, down 2/5, up 1/5.
 * - tool calls (6, every one with its JSON-text args): r1 auto_memory_search ok + web_search ok +
 *   read_file failed, r2 web_search ok (vikingbot id `call_0` again, still its own call), h1 message
 *   ok, r4 sql_query failed → success 4/6.
 * - iterations 2+1+2+1+3+1 = 10 → 10/6; tool_count 3+1+1+0+1+0 = 6 → 1; total tokens
 *   150+300+350+150+400+150 = 1500 → 250.
 * - follow-ups (same session, ≤ 600 s later): only r1 → r2 (3 min), and r2's query re-asks ("Not what
 *   I asked"); r2 → h1 is 12 min, h1 → r3 15 min, r4 → r5 2 h. Every window is closed (newest event
 *   03:30Z ≥ r5's 03:00Z + 10 min) → followup 1/6, reask 1/6.
 * - labels: r1 bad (down), r2 neutral (rated neutral), h1 good (closed, no follow-up), r3 excellent
 *   (up, no tool call failed), r4 bad (down), r5 neutral (rated neutral) → good answers 2/6; both
 *   sessions' first answers are bad → one-turn resolution 0/2.
 */
const EXPECTED = {
  response_count: 6,
  feedback_coverage: 5 / 6,
  thumbs_up_rate: 1 / 5,
  thumbs_down_rate: 2 / 5,
  tool_success_rate: 4 / 6,
  tool_calls_unfinished: 0,
  avg_iteration_count: 10 / 6,
  avg_tool_count: 6 / 6,
  avg_total_tokens: 1500 / 6,
  error_rate: 0,
  max_iteration_hit_rate: 0,
  no_reply_rate: 0,
  followup_rate: 1 / 6,
  reask_rate: 1 / 6,
  good_answer_rate: 2 / 6,
  one_turn_resolution_rate: 0,
  outcome_counts: { excellent: 1, good: 1, neutral: 2, bad: 2, failed: 0, pending: 0 },
};

describe("vikingbot import into the single-node stack", () => {
  let warehouse: Warehouse;
  let service: RunningService;
  let collectorUrl: string;
  let transport: DemoTransport;
  let directory: string;
  let statePath: string;

  const metrics = async (range = RANGE) => {
    await evaluateOutcomes(warehouse, { settleMs: 0, now: Date.now(), tenantId: TENANT });
    const [row] = (await queryMetrics(warehouse, { tenantId: TENANT, ...range })).rows;
    return row!;
  };
  const figures = (row: Awaited<ReturnType<typeof metrics>>) => {
    const picked: Record<string, unknown> = {};
    for (const key of Object.keys(EXPECTED)) picked[key] = row[key as keyof typeof row];
    return picked;
  };

  beforeAll(async () => {
    const created = await createTestWarehouse("as_vikingbot");
    warehouse = created.warehouse;
    service = await startTestCollector(created, {
      ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY}`,
      ...projectClusterEnv(),
    });
    collectorUrl = `http://127.0.0.1:${service.port}`;
    transport = await openTransport({ kind: "collector", url: collectorUrl, ingestKey: INGEST_KEY }, TENANT);
    directory = await mkdtemp(join(tmpdir(), "vikingbot-sessions-"));
    statePath = join(directory, ".answerscope-import-state.json");
    await writeFixtures(directory);
  });

  afterAll(async () => {
    await transport?.close();
    await service?.stop();
    if (warehouse) await dropTestWarehouse(warehouse);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("imports every session file, reporting what it could not use by file and line", async () => {
    const report = await importVikingbot({ directory, context, transport, statePath });
    expect(report.failure).toBeUndefined();
    expect(report).toMatchObject({
      filesRead: 4,
      sessionFiles: 2,
      notSessionFiles: 2,
      eventsFound: 22,
      sentByKind: { response_completed: 6, tool_call: 6, feedback_submitted: 6, external_outcome_recorded: 4 },
      accepted: 22,
      alreadySent: 0,
      unscoredRatings: 0,
      repliesWithoutFacts: 0,
      brokenLines: 1,
      unknownRecords: 2,
      invalidRecords: 0,
    });
    expect(report.rejectedByReason.size).toBe(0);
    // Reported by the decoded name; the rest of Alice's file after the broken line was still read (r3).
    expect(report.problems.map(({ file, line, kind }) => ({ file, line, kind }))).toEqual([
      { file: ALICE_FILE, line: 7, kind: "broken_line" },
      { file: ALICE_FILE, line: 8, kind: "unknown_record" },
      { file: "notes.txt", line: undefined, kind: "not_session" },
      { file: "random.jsonl", line: undefined, kind: "not_session" },
      { file: "slack__T01/C02__U:42.jsonl", line: 6, kind: "unknown_record" },
    ]);
    expect(await dedupedCounts(warehouse, TENANT)).toEqual({ responses: 6, toolCalls: 6, feedback: 6, rejected: 0 });
  });

  it("stores every answer, tool call, rating and vikingbot label of the files, with vikingbot's values", async () => {
    const rows = async <T>(columns: string, table: string, order: string) =>
      (
        await queryRows<T>(
          warehouse,
          `SELECT DISTINCT ${columns} FROM ${warehouse.table(table)} WHERE tenant_id = ${sqlValue(TENANT)} ORDER BY ${order}`,
        )
      ).map((row) => ({ ...row }));
    // Latency and tokens from response_facts; the heartbeat's answer belongs to vikingbot's heartbeat user.
    expect(
      (
        await rows<Record<string, unknown>>(
          "response_id, user_id, time_cost_ms, total_tokens",
          "responses",
          "response_id",
        )
      ).map((row) => [row.response_id, row.user_id, Number(row.time_cost_ms), Number(row.total_tokens)]),
    ).toEqual([
      ["h1", "user", 3100, 350],
      ["r1", "ou_alice", 8200, 150],
      ["r2", "ou_alice", 1500, 300],
      ["r3", "ou_alice", 1500, 150],
      ["r4", "U:42", 1500, 400],
      ["r5", "U:42", 1500, 150],
    ]);
    // Each call with vikingbot's success, its duration in whole ms, and the arguments parsed from the JSON text in `args`.
    expect(
      (
        await rows<Record<string, unknown>>(
          "response_id, tool_name, status, duration_ms, argument_keys",
          "tool_call_events",
          "response_id, tool_name",
        )
      ).map((row) => [row.response_id, row.tool_name, row.status, Number(row.duration_ms), row.argument_keys]),
    ).toEqual([
      ["h1", "message", "completed", 16, ["content"]],
      ["r1", "auto_memory_search", "completed", 0, ["query"]],
      ["r1", "read_file", "failed", 30, ["path"]],
      ["r1", "web_search", "completed", 120, ["query"]],
      ["r2", "web_search", "completed", 80, ["query"]],
      ["r4", "sql_query", "failed", 500, ["sql", "password"]],
    ]);
    // The thumb_up stored with user_id null is the answer owner's; ratings of 0 are not sent.
    expect(
      (
        await rows<Record<string, unknown>>(
          "target_id, user_id, rating, score, score_min, score_max, occurred_at_ms",
          "feedback_events",
          "occurred_at_ms",
        )
      ).map((row) => [row.target_id, row.user_id, row.rating, [row.score, row.score_min, row.score_max].map(Number)]),
    ).toEqual([
      // Thumbs carry no score (0 on the empty scale 0..0); vikingbot's ratings are scores on -1..1.
      ["r4", "U:42", "down", [-1, -1, 1]],
      ["r1", "ou_alice", "up", [0, 0, 0]],
      ["r1", "ou_alice", "down", [0, 0, 0]],
      ["r2", "ou_alice", "neutral", [0, -1, 1]],
      ["r5", "U:42", "neutral", [0, -1, 1]],
      ["r3", "ou_alice", "up", [1, -1, 1]],
    ]);
    expect(
      (await rows<Record<string, unknown>>("response_id, source, label", "external_outcome_labels", "response_id")).map(
        (row) => [row.response_id, row.source, row.label],
      ),
    ).toEqual([
      ["h1", "vikingbot", "follow_up_without_feedback"],
      ["r1", "vikingbot", "negative_feedback"],
      ["r2", "vikingbot", "resolved"],
      ["r3", "vikingbot", "positive_feedback"],
    ]);
  });

  it("gives the figures docs/metrics.md implies for the sessions", async () => {
    const row = await metrics();
    expect(figures(row)).toEqual(EXPECTED);
  });

  it("converts the bot's local times from the given zone, and keeps the decoded session key", async () => {
    // r1 was answered at 10:00:00 in Shanghai: 02:00:00Z.
    expect((await metrics({ from: "2026-08-20T02:00:00.000Z", to: "2026-08-20T02:00:01.000Z" })).response_count).toBe(
      1,
    );
    const rows = await queryRows<{ session_id: string; user_id: string; channel: string; n: number }>(
      warehouse,
      `SELECT session_id, user_id, channel, count() AS n FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(TENANT)} AND session_id = ${sqlValue(BOB_KEY)} GROUP BY session_id, user_id, channel`,
    );
    expect(rows.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { session_id: BOB_KEY, user_id: "U:42", channel: "slack__T01/C02", n: 2 },
    ]);
  });

  it("adds nothing when imported again, with its state or without (through the CLI)", async () => {
    const before = { deduped: await dedupedCounts(warehouse, TENANT), raw: await rawCounts(warehouse) };
    const again = await importVikingbot({ directory, context, transport, statePath });
    // Unchanged files (by the state's fingerprints) are not even read.
    expect(again).toMatchObject({
      filesRead: 0,
      unchangedFiles: 4,
      sentByKind: { response_completed: 0, tool_call: 0, feedback_submitted: 0, external_outcome_recorded: 0 },
    });

    // Without the state every event is sent again: the pipeline drops them by event_id.
    const cli = await runCli(
      [
        "import",
        "vikingbot",
        directory,
        "--tenant",
        TENANT,
        "--collector",
        collectorUrl,
        "--timezone",
        TIME_ZONE,
        "--no-state",
      ],
      { ANSWERSCOPE_INGEST_KEY: INGEST_KEY },
    );
    expect(cli.stderr).not.toMatch(/delivery failed/);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(
      "sent: 22 (response_completed 6, tool_call 6, feedback_submitted 6, external_outcome_recorded 4)",
    );
    expect(cli.stdout).toContain(`${ALICE_FILE}:7: broken_line`);
    expect(cli.stdout).toContain("0 ratings without a score");
    expect({ deduped: await dedupedCounts(warehouse, TENANT), raw: await rawCounts(warehouse) }).toEqual(before);
    expect(figures(await metrics())).toEqual(EXPECTED);
  });

  it("follows appended lines and atomic rewrites while watching, and a restart sends nothing twice", async () => {
    const controller = new AbortController();
    const passes: ImportReport[] = [];
    const watching = watchVikingbot({
      directory,
      context,
      transport,
      statePath,
      intervalMs: 100,
      signal: controller.signal,
      onPass: (pass) => passes.push(pass),
    });
    await waitFor(
      async () => passes.length,
      (n) => n >= 1,
      { timeoutMs: 10_000, what: "the first watch pass" },
    );
    expect(passes[0]?.sentByKind).toEqual({
      response_completed: 0,
      tool_call: 0,
      feedback_submitted: 0,
      external_outcome_recorded: 0,
    });

    // An assistant line without facts appended to Bob's session (local 11:05 → 03:05Z): vikingbot
    // rewrites whole files (below), but a plain JSONL writer appends, and the watch follows both.
    await appendFile(
      join(directory, BOB_FILE),
      sessionText([
        assistantLine(null, "2026-08-20T11:05:00", [{ id: "h1", name: "web_search", ok: true, duration: 40 }]),
      ]),
    );
    await waitFor(
      () => dedupedCounts(warehouse, TENANT),
      (counts) => counts.toolCalls === 7,
      { timeoutMs: 15_000, what: "the appended tool call" },
    );

    // Alice thumbs r2 down: vikingbot appends the rating, re-evaluates r2's label, and rewrites the
    // whole file atomically (temporary file, then rename: `SessionManager._save_unlocked`).
    const feedback = [
      ...aliceFeedback,
      {
        ...aliceFeedback[2]!,
        feedback_type: "thumb_down" as const,
        feedback_score: null,
        created_at: "2026-08-20T10:05:00",
      },
    ];
    const outcomes = {
      ...aliceOutcomes,
      r2: { label: "negative_feedback", evaluated_at: "2026-08-20T10:05:00", feedback_type: "thumb_down" },
    };
    const temporary = join(directory, `.${ALICE_FILE}.${"0".repeat(32)}.tmp`);
    await writeFile(temporary, sessionText(aliceLines(feedback, outcomes)));
    await rename(temporary, join(directory, ALICE_FILE));
    await waitFor(
      () => dedupedCounts(warehouse, TENANT),
      (counts) => counts.feedback === 7,
      { timeoutMs: 15_000, what: "the rewritten file's new rating" },
    );

    controller.abort();
    const watched = await watching;
    expect(watched.sentByKind).toEqual({
      response_completed: 0,
      tool_call: 1,
      feedback_submitted: 1,
      external_outcome_recorded: 1,
    });

    // A restart reads its state: nothing is sent again.
    const restart = new AbortController();
    const restartPasses: ImportReport[] = [];
    const rewatching = watchVikingbot({
      directory,
      context,
      transport,
      statePath,
      intervalMs: 100,
      signal: restart.signal,
      onPass: (pass) => restartPasses.push(pass),
    });
    await waitFor(
      async () => restartPasses.length,
      (n) => n >= 2,
      { timeoutMs: 10_000, what: "two passes after the restart" },
    );
    restart.abort();
    const afterRestart = await rewatching;
    expect(afterRestart.sentByKind).toEqual({
      response_completed: 0,
      tool_call: 0,
      feedback_submitted: 0,
      external_outcome_recorded: 0,
    });
    expect(await dedupedCounts(warehouse, TENANT)).toEqual({ responses: 6, toolCalls: 7, feedback: 7, rejected: 0 });
    const raw = await rawCounts(warehouse);
    expect({ responses: raw.responses, toolCalls: raw.toolCalls, feedback: raw.feedback }).toEqual({
      responses: 6,
      toolCalls: 7,
      feedback: 7,
    });

    // r2 is now rated down, no longer neutral (5 of 6 rated: 3 down); the appended call succeeded (5 of 7).
    const row = await metrics();
    expect({ coverage: row.feedback_coverage, down: row.thumbs_down_rate, tools: row.tool_success_rate }).toEqual({
      coverage: 5 / 6,
      down: 3 / 5,
      tools: 5 / 7,
    });
    // vikingbot's re-evaluation of r2 is its latest label.
    const [latest] = await queryRows<{ label: string }>(
      warehouse,
      `SELECT argMax(label, occurred_at_ms) AS label FROM ${warehouse.table("external_outcome_labels")} WHERE tenant_id = ${sqlValue(TENANT)} AND response_id = ${sqlValue("r2")}`,
    );
    expect(latest?.label).toBe("negative_feedback");
  });
});

function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "importer/src/cli.ts", ...args], {
      env: { ...process.env, ...env },
      cwd: new URL("../..", import.meta.url).pathname,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
