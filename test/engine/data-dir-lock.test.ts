import { createWarehouse, DataDirLockedError, embeddedWarehouseDir, LOCK_FILE } from "@answerscope/warehouse";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runEntry, startQuietProcess } from "@answerscope/test-kit";

/**
 * Two real processes of the product on one data directory: the outcome evaluator holds it, the
 * migration command (and this test process) must be refused with the directory and the holder
 * named (the engine's own refusal names neither: warehouse/src/engine/data-dir-lock.ts).
 */
describe("one process per embedded data directory", () => {
  const root = mkdtempSync(join(tmpdir(), "answerscope-lock-"));
  const dataDir = embeddedWarehouseDir(root);
  const lockFile = join(dataDir, LOCK_FILE);
  // CLICKHOUSE_URL empty: the embedded engine even where CI names a server.
  const env = { CLICKHOUSE_URL: "", ANSWERSCOPE_DATA_DIR: root, OUTCOME_INTERVAL_MS: "60000" };
  // Its first run's summary: printed after the process took its signal handlers (a SIGTERM
  // before them would kill it outright).
  const startEvaluator = () =>
    startQuietProcess("evaluator/src/main.ts", env, /outcomes: \d+ tenant\(s\)|outcome evaluator run failed/);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("refuses a second process while the first runs, names the directory and holder, and takes over after the holder was killed", async () => {
    const migrated = await runEntry("warehouse/src/migrate/cli.ts", env);
    expect(migrated.output).toMatch(/migrations: \d+ applied, 0 already applied/);
    expect(migrated.code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    const evaluator = await startEvaluator();
    try {
      const holder = evaluator.child.pid!;
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(holder));

      const second = await runEntry("warehouse/src/migrate/cli.ts", env);
      expect(second.code).toBe(1);
      expect(second.output).toContain(`embedded warehouse data directory ${dataDir} is in use by process ${holder}`);

      // A service's entry point says the same in one line, not a stack trace.
      const api = await runEntry("api/src/main.ts", { ...env, PORT: "0", ANSWERSCOPE_KEYS: "read:lock-test:read-key" });
      expect(api.code).toBe(1);
      expect(api.output).toContain(`api: embedded warehouse data directory ${dataDir} is in use by process ${holder}`);
      expect(api.output).not.toMatch(/^\s+at /m);

      let refused: unknown;
      try {
        createWarehouse({ dataDir });
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect(refused).toMatchObject({ dataDir, holderPid: holder });

      // Killed without clean-up: its lock file stays, naming a pid that no longer runs.
      expect(await evaluator.stop("SIGKILL")).toBeNull();
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(holder));
    } finally {
      await evaluator.stop("SIGKILL");
    }
    const after = await runEntry("warehouse/src/migrate/cli.ts", env);
    expect(after.output).toMatch(/migrations: 0 applied, \d+ already applied/);
    expect(after.code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  it("is released when the holder stops on SIGTERM", async () => {
    const evaluator = await startEvaluator();
    expect(existsSync(lockFile)).toBe(true);
    expect(await evaluator.stop("SIGTERM")).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
