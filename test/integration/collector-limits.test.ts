import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { loadIngestConfig, startIngestService, type RunningService } from "@answerscope/ingest";
import type { Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

const run = promisify(execFile);
const INGEST_KEY = "limits-ingest-key-00000001";
const BURST_KEY = "limits-burst-key-000000001";
// Each key: 3 requests at once, then one a second.
const BURST = 3;
const LIMIT = 256 * 1024;
// Over the limit, within what the collector reads and discards before it answers (DISCARD_FACTOR).
const BODY_BYTES = Math.round(LIMIT * 3.5);

/** What each real client received for the same oversized POST: its status and the answer's error code. */
interface Received {
  status: number;
  code: string;
}

const viaFetch = async (url: string): Promise<Received> => {
  const answer = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${INGEST_KEY}`, "content-type": "application/json" },
    body: "x".repeat(BODY_BYTES),
  });
  return { status: answer.status, code: ((await answer.json()) as { error: { code: string } }).error.code };
};

const viaCurl = async (url: string): Promise<Received> => {
  // The body from a here-string of the same size; -w prints the status on the last line.
  const { stdout } = await run("bash", [
    "-c",
    `head -c ${BODY_BYTES} /dev/zero | tr '\\0' x | curl -sS -X POST -H 'authorization: Bearer ${INGEST_KEY}' -H 'content-type: application/json' --data-binary @- -w '\\n%{http_code}' ${url}`,
  ]);
  const [body, status] = stdout.split("\n");
  return { status: Number(status), code: (JSON.parse(body!) as { error: { code: string } }).error.code };
};

// Python's urllib sends the whole body before it reads the answer (what a Python agent would use).
const PYTHON = `
import json, sys, urllib.request, urllib.error
req = urllib.request.Request(sys.argv[1], data=b"x" * int(sys.argv[2]), method="POST",
    headers={"authorization": "Bearer " + sys.argv[3], "content-type": "application/json"})
try:
    with urllib.request.urlopen(req) as answer:
        print(json.dumps({"status": answer.status, "code": ""}))
except urllib.error.HTTPError as error:
    print(json.dumps({"status": error.code, "code": json.loads(error.read())["error"]["code"]}))
`;
const viaPythonUrllib = async (url: string): Promise<Received> => {
  const { stdout } = await run("python3", ["-c", PYTHON, url, String(BODY_BYTES), INGEST_KEY]);
  return JSON.parse(stdout) as Received;
};

describe("collector limits every client understands", () => {
  let warehouse: Warehouse;
  let service: RunningService;
  let url: string;

  beforeAll(async () => {
    const created = await createTestWarehouse("as_collector_limits");
    warehouse = created.warehouse;
    service = await startIngestService(
      loadIngestConfig({
        CLICKHOUSE_URL: created.url,
        CLICKHOUSE_DATABASE: created.database,
        PORT: "0",
        ANSWERSCOPE_KEYS: `ingest:acme:${INGEST_KEY},ingest:acme:${BURST_KEY}`,
        COLLECTOR_MAX_BODY_BYTES: String(LIMIT),
        COLLECTOR_RATE_LIMIT_PER_S: "1",
        COLLECTOR_RATE_LIMIT_BURST: String(BURST),
      }),
    );
    url = `http://127.0.0.1:${service.port}/v1/events`;
  });

  afterAll(async () => {
    await service.stop();
    await dropTestWarehouse(warehouse);
  });

  it.each([
    ["curl", viaCurl],
    ["Node fetch", viaFetch],
    ["Python urllib", viaPythonUrllib],
  ])("answers a body over the limit 413 too_large that %s receives", async (_client, send) => {
    expect(await send(url)).toEqual({ status: 413, code: "too_large" });
  });

  it("answers a burst over a key's rate 429 with Retry-After, and counts both refusals on /metrics", async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST + 2 }, () =>
        fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${BURST_KEY}`, "content-type": "application/json" },
          body: "[]",
        }),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited.map((answer) => answer.headers.get("retry-after"))).toEqual(["1", "1"]);
    expect(((await limited[0]!.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    const metrics = await (await fetch(url.replace("/v1/events", "/metrics"))).text();
    const refused = (reason: string) =>
      Number(
        new RegExp(`^answerscope_ingest_requests_refused_total\\{reason="${reason}"\\} (\\S+)$`, "m").exec(
          metrics,
        )?.[1],
      );
    expect({ rate_limited: refused("rate_limited"), too_large: refused("too_large") }).toEqual({
      rate_limited: 2,
      too_large: 3,
    });
  });
});
