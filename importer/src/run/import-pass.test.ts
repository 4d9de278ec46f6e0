import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoMessage, DemoTransport } from "@answerscope/demo";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ALICE_FILE, aliceLines } from "../testing/vikingbot-fixtures";
import { assistantLine, sessionText } from "../testing/vikingbot-lines";
import { emptyReport, totalSent } from "./import-report";
import { importPass } from "./import-pass";
import { loadState, type ImportState } from "./import-state";

const context = { tenantId: "vb", timeZone: "UTC", model: "unknown", provider: "unknown" };

/** Records what it is given; fails once `failAfter` messages went through. */
function fakeTransport(failAfter = Infinity): DemoTransport & { sent: DemoMessage[] } {
  const sent: DemoMessage[] = [];
  return {
    sent,
    description: "fake",
    async send(batch) {
      if (sent.length >= failAfter) throw new Error("collector down");
      sent.push(...batch);
      return { accepted: batch.length, rejected: [] };
    },
    close: async () => {},
  };
}

describe("importPass", () => {
  let directory: string;
  let statePath: string;
  let state: ImportState;
  const pass = async (transport: DemoTransport, waitForIncompleteLines = true) => {
    const report = emptyReport();
    await importPass(state, report, { directory, statePath, context, transport, waitForIncompleteLines });
    return report;
  };

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "importer-pass-"));
    statePath = join(directory, ".state.json");
    state = await loadState(statePath, "vb");
    await writeFile(join(directory, ALICE_FILE), sessionText(aliceLines()));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it("waits one poll for a line being written, then sends it once complete", async () => {
    const transport = fakeTransport();
    expect(totalSent(await pass(transport))).toBe(17); // 4 answers (one a heartbeat's), 5 tool calls, 4 ratings (the zero rating too), 4 of vikingbot's labels
    const line = assistantLine(null, "2026-08-20T11:05:00", [{ id: "h1", name: "web_search", ok: true, duration: 1 }]);
    await appendFile(join(directory, ALICE_FILE), line.slice(0, 20));
    const waiting = await pass(transport);
    expect({ sent: totalSent(waiting), broken: waiting.brokenLines }).toEqual({ sent: 0, broken: 1 }); // the fixture's own broken line
    await appendFile(join(directory, ALICE_FILE), `${line.slice(20)}\n`);
    expect(totalSent(await pass(transport))).toBe(1);
    expect(totalSent(await pass(transport))).toBe(0);
    expect(transport.sent).toHaveLength(18);
  });

  it("when watching, reports a problem of a file once, not on every change of the file", async () => {
    const reportedProblems = new Map<string, Set<string>>();
    const watched = emptyReport();
    const transport = fakeTransport();
    await importPass(state, watched, {
      directory,
      statePath,
      context,
      transport,
      waitForIncompleteLines: true,
      reportedProblems,
    });
    await appendFile(join(directory, ALICE_FILE), `${assistantLine(null, "2026-08-20T11:05:00", null)}\n`);
    await importPass(state, watched, {
      directory,
      statePath,
      context,
      transport,
      waitForIncompleteLines: true,
      reportedProblems,
    });
    expect({ read: watched.filesRead, broken: watched.brokenLines, problems: watched.problems.length }).toEqual({
      read: 2,
      broken: 1,
      problems: 2,
    });
  });

  it("reports a last line that stays incomplete as broken, and then leaves the file alone", async () => {
    await appendFile(join(directory, ALICE_FILE), '{"role": "us');
    const transport = fakeTransport();
    expect((await pass(transport)).brokenLines).toBe(1);
    expect((await pass(transport)).brokenLines).toBe(2);
    expect((await pass(transport)).filesRead).toBe(0);
  });

  it("remembers what a failed delivery got through, and forgets deleted files", async () => {
    const failing = await pass(fakeTransport(0));
    expect(failing.failure?.message).toBe("collector down");
    expect((await loadState(statePath, "vb")).files[ALICE_FILE]?.sent).toEqual([]);
    const transport = fakeTransport();
    expect(totalSent(await pass(transport))).toBe(17); // 4 answers (one a heartbeat's), 5 tool calls, 4 ratings (the zero rating too), 4 of vikingbot's labels
    expect((await loadState(statePath, "vb")).files[ALICE_FILE]?.sent).toHaveLength(17);
    await rm(join(directory, ALICE_FILE));
    await pass(transport);
    expect((await loadState(statePath, "vb")).files).toEqual({});
  });

  it("starts over for another tenant", async () => {
    await pass(fakeTransport());
    expect((await loadState(statePath, "other")).files).toEqual({});
  });
});
