import { spawn } from "node:child_process";
import { mkdtemp, rename, rm, writeFile, appendFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoTransport } from "@answerscope/demo";
import { importVikingbot, openTransport, watchVikingbot, type ImportReport, type MappingContext } from "@answerscope/importer";
import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import { evaluateOutcomes, queryMetrics, queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE_FILE, BOB_FILE, BOB_KEY, TIME_ZONE, aliceFeedback, aliceLines, writeFixtures } from "../../importer/src/testing/vikingbot-fixtures";
import { assistantLine, sessionText } from "../../importer/src/testing/vikingbot-lines";
import { projectClusterEnv } from "../src/ingest-workers";
import { waitFor } from "../src/wait-for";
import { createTestWarehouse, dedupedCounts, dropTestWarehouse, rawCounts } from "../src/warehouse";

const TENANT = "vb";
const INGEST_KEY = "vb-ingest-key-00000000001";
const RANGE = { from: "2026-08-20T00:00:00.000Z", to: "2026-08-21T00:00:00.000Z" };
const context: MappingContext = { tenantId: TENANT, timeZone: TIME_ZONE, model: "unknown", provider: "unknown" };

/**
 * What metrics-v1.md implies for the fixtures (importer/src/testing/vikingbot-fixtures.ts), over 2026-08-20 UTC:
 * - responses r1..r5 → 5.
 * - explicit ratings: r1 down (thumb_up then thumb_down: the latest wins), r3 up (rating 4), r4 down
 *   (rating -2); r2's 0 and r5's null are not sent → coverage 3/5, down 2/3, up 1/3.
 * - tool calls: r1 web_search ok + read_file failed, r2 web_search ok (same vikingbot id `call_0` as
 *   r1's, still its own call), r4 sql_query failed → success 2/4.
 * - iterations 2+1+1+3+1 = 8 → 1.6; tools 2+1+0+1+0 = 4 → 0.8; tokens 150+300+150+400+150 → 230.
 * - follow-ups (same session, ≤ 600 s later): only r1 → r2 (3 min), and r2's query re-asks ("Not what
 *   I asked"); r2 → r3 is 27 min, r4 → r5 2 h. Every window is closed (newest event 03:30Z ≥ r5's
 *   03:00Z + 10 min) → followup 1/5, reask 1/5.
 * - labels: r1 bad (down), r2 good (closed, no follow-up), r3 excellent (up, no failed tool), r4 bad,
 *   r5 good → good answers 3/5; both sessions' first answers are bad → one-turn resolution 0/2.
 */
const EXPECTED = {
  response_count: 5,
  feedback_coverage: 3 / 5,
  thumbs_up_rate: 1 / 3,
  thumbs_down_rate: 2 / 3,
  tool_success_rate: 2 / 4,
  tool_calls_unfinished: 0,
  avg_iteration_count: 8 / 5,
  avg_tool_count: 4 / 5,
  avg_total_tokens: 230,
  error_rate: 0,
  max_iteration_hit_rate: 0,
  no_reply_rate: 0,
  followup_rate: 1 / 5,
  reask_rate: 1 / 5,
  good_answer_rate: 3 / 5,
  one_turn_resolution_rate: 0,
  outcome_counts: { excellent: 1, good: 2, neutral: 0, bad: 2, failed: 0, pending: 0 },
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
    service = await startIngestService(
      loadIngestConfig({ CLICKHOUSE_URL: created.url, CLICKHOUSE_DATABASE: created.database, PORT: "0", ANSWERSCOPE_KEYS: `ingest:${TENANT}:${INGEST_KEY}`, ...projectClusterEnv() }),
    );
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
      eventsFound: 16,
      sentByKind: { response_completed: 5, tool_call: 4, feedback_submitted: 4, external_outcome_recorded: 3 },
      accepted: 16,
      alreadySent: 0,
      neutralRatings: 2,
      repliesWithoutFacts: 1,
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
    expect(await dedupedCounts(warehouse, TENANT)).toEqual({ responses: 5, toolCalls: 4, feedback: 4, rejected: 0 });
  });

  it("gives the figures metrics-v1.md implies for the sessions", async () => {
    const row = await metrics();
    expect(figures(row)).toEqual(EXPECTED);
  });

  it("converts the bot's local times from the given zone, and keeps the decoded session key", async () => {
    // r1 was answered at 10:00:00 in Shanghai: 02:00:00Z.
    expect((await metrics({ from: "2026-08-20T02:00:00.000Z", to: "2026-08-20T02:00:01.000Z" })).response_count).toBe(1);
    const rows = await queryRows<{ session_id: string; user_id: string; channel: string; n: number }>(
      warehouse,
      `SELECT session_id, user_id, channel, count() AS n FROM ${warehouse.table("responses")} WHERE tenant_id = ${sqlValue(TENANT)} AND session_id = ${sqlValue(BOB_KEY)} GROUP BY session_id, user_id, channel`,
    );
    expect(rows.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([{ session_id: BOB_KEY, user_id: "U:42", channel: "slack__T01/C02", n: 2 }]);
  });

  it("adds nothing when imported again, with its state or without (through the CLI)", async () => {
    const before = { deduped: await dedupedCounts(warehouse, TENANT), raw: await rawCounts(warehouse) };
    const again = await importVikingbot({ directory, context, transport, statePath });
    // Unchanged files (by the state's fingerprints) are not even read.
    expect(again).toMatchObject({ filesRead: 0, unchangedFiles: 4, sentByKind: { response_completed: 0, tool_call: 0, feedback_submitted: 0, external_outcome_recorded: 0 } });

    // Without the state every event is sent again: the pipeline drops them by event_id.
    const cli = await runCli(["import", "vikingbot", directory, "--tenant", TENANT, "--collector", collectorUrl, "--timezone", TIME_ZONE, "--no-state"], { ANSWERSCOPE_INGEST_KEY: INGEST_KEY });
    expect(cli.stderr).not.toMatch(/delivery failed/);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain("sent: 16 (response_completed 5, tool_call 4, feedback_submitted 4, external_outcome_recorded 3)");
    expect(cli.stdout).toContain(`${ALICE_FILE}:7: broken_line`);
    expect(cli.stdout).toContain("2 neutral ratings");
    expect({ deduped: await dedupedCounts(warehouse, TENANT), raw: await rawCounts(warehouse) }).toEqual(before);
    expect(figures(await metrics())).toEqual(EXPECTED);
  });

  it("follows appended lines and atomic rewrites while watching, and a restart sends nothing twice", async () => {
    const controller = new AbortController();
    const passes: ImportReport[] = [];
    const watching = watchVikingbot({ directory, context, transport, statePath, intervalMs: 100, signal: controller.signal, onPass: (pass) => passes.push(pass) });
    await waitFor(async () => passes.length, (n) => n >= 1, { timeoutMs: 10_000, what: "the first watch pass" });
    expect(passes[0]?.sentByKind).toEqual({ response_completed: 0, tool_call: 0, feedback_submitted: 0, external_outcome_recorded: 0 });

    // A heartbeat reply that used a tool, appended to Bob's session (local 11:05 → 03:05Z).
    await appendFile(join(directory, BOB_FILE), sessionText([assistantLine(null, "2026-08-20T11:05:00", [{ id: "h1", name: "web_search", ok: true, duration: 40 }])]));
    await waitFor(() => dedupedCounts(warehouse, TENANT), (counts) => counts.toolCalls === 5, { timeoutMs: 15_000, what: "the appended tool call" });

    // Alice thumbs r2 down: vikingbot rewrites the whole file atomically (temporary file, then rename).
    const feedback = [...aliceFeedback, { ...aliceFeedback[2]!, feedback_type: "thumb_down" as const, feedback_score: -1, created_at: "2026-08-20T10:05:00" }];
    const temporary = join(directory, `.${ALICE_FILE}.tmp`);
    await writeFile(temporary, sessionText(aliceLines(feedback)));
    await rename(temporary, join(directory, ALICE_FILE));
    await waitFor(() => dedupedCounts(warehouse, TENANT), (counts) => counts.feedback === 5, { timeoutMs: 15_000, what: "the rewritten file's new rating" });

    controller.abort();
    const watched = await watching;
    expect(watched.sentByKind).toEqual({ response_completed: 0, tool_call: 1, feedback_submitted: 1, external_outcome_recorded: 0 });

    // A restart reads its state: nothing is sent again.
    const restart = new AbortController();
    const restartPasses: ImportReport[] = [];
    const rewatching = watchVikingbot({ directory, context, transport, statePath, intervalMs: 100, signal: restart.signal, onPass: (pass) => restartPasses.push(pass) });
    await waitFor(async () => restartPasses.length, (n) => n >= 2, { timeoutMs: 10_000, what: "two passes after the restart" });
    restart.abort();
    const afterRestart = await rewatching;
    expect(afterRestart.sentByKind).toEqual({ response_completed: 0, tool_call: 0, feedback_submitted: 0, external_outcome_recorded: 0 });
    expect(await dedupedCounts(warehouse, TENANT)).toEqual({ responses: 5, toolCalls: 5, feedback: 5, rejected: 0 });
    const raw = await rawCounts(warehouse);
    expect({ responses: raw.responses, toolCalls: raw.toolCalls, feedback: raw.feedback }).toEqual({ responses: 5, toolCalls: 5, feedback: 5 });

    // r2 is now rated down (4 rated: 3 down); the heartbeat's call succeeded (3 of 5).
    const row = await metrics();
    expect({ coverage: row.feedback_coverage, down: row.thumbs_down_rate, tools: row.tool_success_rate }).toEqual({ coverage: 4 / 5, down: 3 / 4, tools: 3 / 5 });
  });
});

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "importer/src/cli.ts", ...args], { env: { ...process.env, ...env }, cwd: new URL("../..", import.meta.url).pathname });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
