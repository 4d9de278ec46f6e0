import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import { queryRows, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { build } from "esbuild";
import { createContext, runInContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDK_BUNDLE } from "../../sdk/scripts/bundle-options";
import type * as Sdk from "../../sdk/src/index";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const TENANT = "sdk-fetch-only";
const KEY = "sdk-fetch-only-ingest-key-00000";

/**
 * What an edge worker or a browser gives a script: the web platform's globals and nothing of Node
 * (no process, Buffer, require, module). The SDK's bundle runs here against the real collector.
 */
const WEB_GLOBALS = [
  "fetch",
  "Request",
  "Response",
  "Headers",
  "AbortController",
  "AbortSignal",
  "URL",
  "TextEncoder",
  "TextDecoder",
  "crypto",
  "setTimeout",
  "clearTimeout",
  "console",
] as const;

const webRuntime = () => createContext(Object.fromEntries(WEB_GLOBALS.map((name) => [name, globalThis[name]])));

describe("@answerscope/sdk on a runtime with only fetch", () => {
  let warehouse: Warehouse;
  let collector: RunningService;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_sdk_fetch");
    warehouse = created.warehouse;
    collector = await startIngestService(
      loadIngestConfig({
        ...created.env,
        PORT: "0",
        KAFKA_BROKERS: "",
        MIGRATE_ON_START: "false",
        ANSWERSCOPE_KEYS: `ingest:${TENANT}:${KEY}`,
      }),
    );
  });

  afterAll(async () => {
    await collector?.stop();
    await dropTestWarehouse(warehouse);
  });

  it("bundles without a Node built-in and sends events and feedback from a context without Node's globals", async () => {
    // platform "neutral": an import of node:* anywhere in the SDK fails this build.
    const bundled = await build({
      ...SDK_BUNDLE,
      format: "iife",
      globalName: "AnswerscopeSdk",
      write: false,
      metafile: true,
    });
    expect(Object.keys(bundled.metafile.inputs).every((input) => input.startsWith("sdk/src/"))).toBe(true);
    const context = webRuntime();
    runInContext(bundled.outputFiles[0]!.text, context);
    expect(runInContext("[typeof process, typeof Buffer, typeof require]", context)).toEqual([
      "undefined",
      "undefined",
      "undefined",
    ]);
    const sdk = (context as { AnswerscopeSdk: typeof Sdk }).AnswerscopeSdk;

    const client = sdk.createAnswerscope({
      endpoint: `http://127.0.0.1:${collector.port}`,
      apiKey: KEY,
      tenantId: TENANT,
    });
    const answer = client.responseCompleted({
      response_id: "edge-r1",
      session_id: "edge-s1",
      user_id: "edge-u1",
      channel: "web",
      model: "m",
      provider: "p",
      time_cost_ms: 900,
      prompt_tokens: 10,
      completion_tokens: 5,
      iteration_count: 1,
      finish_reason: "stop",
      tool_count: 0,
      tools_used_names: [],
      response_length: 42,
    });
    const call = client.toolCall({
      tool_call_id: "edge-t1",
      status: "failed",
      tool_name: "fetch_page",
      user_id: "edge-u1",
      session_id: "edge-s1",
      error_category: "timeout",
    });
    const rating = client.feedback({
      target_type: "chat_message",
      target_id: "edge-r1",
      user_id: "edge-u1",
      rating: "up",
    });
    const stats = await client.shutdown();
    expect(stats).toEqual({ queued: 0, sent: 3, rejected: 0, failed: 0, dropped: 0, retries: 0 });

    const ids = async (table: string) =>
      (
        await queryRows<{ event_id: string }>(
          warehouse,
          `SELECT event_id FROM ${warehouse.table(table)} WHERE tenant_id = ${sqlValue(TENANT)} ORDER BY event_id`,
        )
      ).map((row) => row.event_id);
    expect(await ids("responses")).toEqual([answer.event_id]);
    expect(await ids("tool_call_events")).toEqual([call.event_id]);
    expect(await ids("feedback_events")).toEqual([rating.event_id]);
    const [stored] = await queryRows<{ client_feedback_id: string }>(
      warehouse,
      `SELECT client_feedback_id FROM ${warehouse.table("feedback_events")} WHERE tenant_id = ${sqlValue(TENANT)}`,
    );
    expect(stored?.client_feedback_id).toBe(rating.client_feedback_id);
  });
});
