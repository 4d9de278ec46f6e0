import { makeFeedback, makeResponseCompleted } from "@answerscope/contracts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchServe, serveRefusal, startServe, type ServeProcess, waitFor } from "@answerscope/test-kit";

const INGEST_KEY = "serve-ingest-key-000000001";
const READ_KEY = "serve-read-key-0000000001";
const MINUTE = 60_000;

/** The messages of a process's output, in order: each JSON log line's `msg`, other lines as they are. */
function logMessages(output: string): string[] {
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      try {
        return String((JSON.parse(line) as { msg?: unknown }).msg);
      } catch {
        return line;
      }
    });
}

/**
 * `answerscope serve` as `npm start` runs it: every role in one process on the embedded engine,
 * its data in a fresh data directory (no CLICKHOUSE_URL).
 */
describe("answerscope serve on the embedded engine", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "answerscope-serve-"));
  const env = {
    ANSWERSCOPE_DATA_DIR: dataDir,
    ANSWERSCOPE_KEYS: `ingest:acme:${INGEST_KEY},read:acme:${READ_KEY}`,
    OUTCOME_INTERVAL_MS: "300",
    OUTCOME_SETTLE_MS: "0",
    EXPORTER_REFRESH_MS: "300",
    EXPORTER_ARRIVAL_SETTLE: "1ms",
  };
  let serve: ServeProcess | undefined;
  const now = Date.now();
  const range = new URLSearchParams({
    from: new Date(now - 60 * MINUTE).toISOString(),
    to: new Date(now + MINUTE).toISOString(),
  });
  const api = (path: string, port: number) =>
    fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${READ_KEY}` } });
  const metricsRow = async (port: number) => {
    const res = await api(`/api/v1/metrics?${range}`, port);
    expect(res.status).toBe(200);
    return ((await res.json()) as { rows: { response_count: number; outcome_counts: Record<string, number> }[] })
      .rows[0]!;
  };

  const withServeOutput = (error: unknown): never => {
    throw new Error(`${String(error)}\nserve's output:\n${serve?.output().slice(-4000)}`);
  };

  beforeAll(async () => {
    serve = await startServe([], env);
  });
  afterAll(async () => {
    await serve?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs all five roles, the three that listen each on its own port", () => {
    expect(Object.keys(serve!.ports).sort()).toEqual(["api", "collector", "exporter"]);
    expect(new Set(Object.values(serve!.ports)).size).toBe(3);
    expect(serve!.output()).toContain("outcome evaluator started");
    // The langfuse role logs through serve's structured logger: a JSON line naming no tenant.
    const started = serve!
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === "langfuse write-back started");
    expect(started).toMatchObject({ level: "info", service: "langfuse", tenants: [] });
  });

  it("takes events at its collector, labels them in its evaluator and serves the figures from its API and exporter", async () => {
    const { collector, api: apiPort, exporter } = serve!.ports;
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();
    const events = [
      // Its observation window closed without a follow-up in its session: good.
      makeResponseCompleted({
        event_id: "e-good",
        tenant_id: "acme",
        response_id: "r-good",
        session_id: "s-good",
        occurred_at: at(30),
      }),
      // Rated down: bad.
      makeResponseCompleted({
        event_id: "e-bad",
        tenant_id: "acme",
        response_id: "r-bad",
        session_id: "s-bad",
        occurred_at: at(3),
      }),
      makeFeedback({
        event_id: "e-down",
        tenant_id: "acme",
        target_id: "r-bad",
        session_id: "s-bad",
        client_feedback_id: "fb-down",
        rating: "down",
        occurred_at: at(2),
      }),
      // Ended in an error: failed.
      makeResponseCompleted({
        event_id: "e-failed",
        tenant_id: "acme",
        response_id: "r-failed",
        session_id: "s-failed",
        finish_reason: "error",
        occurred_at: at(3),
      }),
    ];
    const posted = await fetch(`http://127.0.0.1:${collector}/v1/events`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${INGEST_KEY}` },
      body: JSON.stringify(events),
    });
    expect(posted.status).toBe(202);
    expect(await posted.json()).toEqual({ accepted: 4, rejected: [] });

    const row = await waitFor(
      () => metricsRow(apiPort!),
      (r) => r.outcome_counts.good === 1 && r.outcome_counts.bad === 1 && r.outcome_counts.failed === 1,
      {
        what: "the evaluator's labels in the API's figures",
      },
    ).catch(withServeOutput);
    expect(row.response_count).toBe(3);
    expect(row.outcome_counts).toEqual({ excellent: 0, good: 1, neutral: 0, bad: 1, failed: 1, pending: 0 });

    await waitFor(
      () => fetch(`http://127.0.0.1:${exporter}/metrics`).then((res) => res.text()),
      (text) => sampleSum(text, "answerscope_window_responses", { tenant: "acme", window: "1h" }) === 3,
      { what: "the exporter's responses of the last hour" },
    ).catch(withServeOutput);
  });

  it("refuses a second serve on the same data directory, naming it", async () => {
    const second = await serveRefusal([], env);
    expect(second.code).toBe(1);
    expect(second.output).toContain(join(dataDir, "warehouse"));
    expect(second.output).not.toContain("listening on port");
  });

  it("stops every role on one SIGTERM, and --roles runs a subset on the same data", async () => {
    expect(await serve!.stop("SIGTERM")).toBe(0);
    // Every role stopped, then the warehouse closed, and none of them failed on the way out.
    const messages = logMessages(serve!.output());
    const stopping = messages.slice(messages.indexOf("SIGTERM: stopping"));
    expect(
      stopping
        .filter((message) => /^answerscope \S+ stopped$|^answerscope serve: warehouse closed$/.test(message))
        .sort(),
    ).toEqual([
      "answerscope api stopped",
      "answerscope collector stopped",
      "answerscope evaluator stopped",
      "answerscope exporter stopped",
      "answerscope langfuse stopped",
      "answerscope serve: warehouse closed",
    ]);
    expect(stopping.at(-1)).toBe("answerscope serve: warehouse closed");
    expect(stopping.join("\n")).not.toMatch(/fail|error/i);
    serve = await startServe(["--roles", "api"], env);
    expect(Object.keys(serve.ports)).toEqual(["api"]);
    expect(serve.output()).not.toContain("outcome evaluator started");
    // What the first process stored and labelled is on disk for the next one.
    expect((await metricsRow(serve.ports.api!)).outcome_counts).toMatchObject({ good: 1, bad: 1, failed: 1 });
  });
});

describe("answerscope serve on a new data directory", () => {
  const dataDirs: string[] = [];
  const newDataDir = () => {
    dataDirs.push(mkdtempSync(join(tmpdir(), "answerscope-serve-")));
    return dataDirs.at(-1)!;
  };
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("applies the migrations itself whichever roles it runs: no other process can while it holds the directory", async () => {
    const serve = await startServe(["--roles", "api"], {
      ANSWERSCOPE_DATA_DIR: newDataDir(),
      ANSWERSCOPE_KEYS: `read:acme:${READ_KEY}`,
    });
    try {
      const res = await fetch(
        `http://127.0.0.1:${serve.ports.api}/api/v1/metrics?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
        { headers: { authorization: `Bearer ${READ_KEY}` } },
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { rows: { response_count: number }[] }).rows[0]!.response_count).toBe(0);
    } finally {
      await serve.stop();
    }
  });

  it("refuses a MIGRATE_ON_START it does not know, instead of migrating", async () => {
    const refused = await serveRefusal(["--roles", "api"], {
      ANSWERSCOPE_DATA_DIR: newDataDir(),
      ANSWERSCOPE_KEYS: `read:acme:${READ_KEY}`,
      MIGRATE_ON_START: "no",
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("invalid serve configuration: MIGRATE_ON_START");
    expect(refused.output).not.toContain("migration(s) applied");
    expect(refused.output).not.toContain("listening on port");
  });

  it("stops its roles once started, and closes the warehouse, instead of dying in the migrations", async () => {
    const serve = launchServe([], { ANSWERSCOPE_DATA_DIR: newDataDir() });
    // Printed once the signal handlers are in place, before the collector applies the migrations (seconds on a new directory).
    await waitFor(
      async () => serve.output(),
      (output) => output.includes("answerscope serve: starting") || serve.child.exitCode !== null,
      { intervalMs: 10, what: "serve to start" },
    );
    serve.child.kill("SIGTERM");
    expect(await serve.closed).toBe(0);
    const output = serve.output();
    expect(output).not.toContain("running");
    expect(output).toContain("answerscope collector stopped");
    expect(logMessages(output).at(-1)).toBe("answerscope serve: warehouse closed");
  });
});

/** The sum of a metric's samples in an exposition whose labels include `labels`. */
function sampleSum(exposition: string, metric: string, labels: Record<string, string>): number {
  return exposition
    .split("\n")
    .filter(
      (line) =>
        line.startsWith(`${metric}{`) &&
        Object.entries(labels).every(([name, value]) => line.includes(`${name}="${value}"`)),
    )
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}
