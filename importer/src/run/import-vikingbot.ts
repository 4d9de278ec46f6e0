import { setTimeout as sleep } from "node:timers/promises";
import type { DemoTransport } from "@answerscope/demo";
import type { MappingContext } from "../mapping/mapping-context";
import { emptyReport, MAX_KEPT_PROBLEMS, type ImportReport } from "./import-report";
import { loadState } from "./import-state";
import { importPass } from "./import-pass";

export type ImportOptions = {
  readonly directory: string;
  readonly context: MappingContext;
  readonly transport: DemoTransport;
  /** Where the position is kept; null imports without memory (everything is sent, the pipeline dedups). */
  readonly statePath: string | null;
  readonly onFileDone?: (done: number, total: number, report: ImportReport) => void;
};

/** Imports the directory once: every session file, what was not sent before. */
export async function importVikingbot(options: ImportOptions): Promise<ImportReport> {
  const report = emptyReport();
  const state = options.statePath
    ? await loadState(options.statePath, options.context.tenantId)
    : { version: 1 as const, tenantId: options.context.tenantId, files: {} };
  await importPass(state, report, { ...options, waitForIncompleteLines: false });
  return report;
}

export type WatchOptions = ImportOptions & {
  readonly intervalMs: number;
  readonly signal: AbortSignal;
  /** After each pass (with what it sent); a transport failure is reported here and retried next poll. */
  readonly onPass?: (pass: ImportReport) => void;
};

/**
 * Follows the directory until `signal` aborts: polls every `intervalMs` (fs.stat, not fs.watch,
 * which misses atomic renames on some file systems and does not work over network mounts) and
 * sends only what is new. Memory holds the state and one file at a time.
 */
export async function watchVikingbot(options: WatchOptions): Promise<ImportReport> {
  const total = emptyReport();
  const state = options.statePath
    ? await loadState(options.statePath, options.context.tenantId)
    : { version: 1 as const, tenantId: options.context.tenantId, files: {} };
  const reportedProblems = new Map<string, Set<string>>();
  while (!options.signal.aborted) {
    const pass = emptyReport();
    try {
      await importPass(state, pass, { ...options, waitForIncompleteLines: true, reportedProblems });
    } catch (error) {
      // The directory vanished or the state could not be written: say so and try again next poll.
      pass.failure = error instanceof Error ? error : new Error(String(error));
    }
    mergeInto(total, pass);
    options.onPass?.(pass);
    await sleep(options.intervalMs, undefined, { signal: options.signal }).catch(() => {});
  }
  delete total.failure;
  return total;
}

function mergeInto(total: ImportReport, pass: ImportReport): void {
  for (const key of [
    "filesRead",
    "sessionFiles",
    "notSessionFiles",
    "eventsFound",
    "alreadySent",
    "accepted",
    "unscoredRatings",
    "repliesWithoutFacts",
    "brokenLines",
    "unknownRecords",
    "invalidRecords",
  ] as const) {
    total[key] += pass[key];
  }
  // Not a sum: every poll sees the same unchanged files again.
  total.unchangedFiles = pass.unchangedFiles;
  for (const kind of Object.keys(pass.sentByKind) as (keyof ImportReport["sentByKind"])[])
    total.sentByKind[kind] += pass.sentByKind[kind];
  for (const [reason, n] of pass.rejectedByReason)
    total.rejectedByReason.set(reason, (total.rejectedByReason.get(reason) ?? 0) + n);
  for (const problem of pass.problems) if (total.problems.length < MAX_KEPT_PROBLEMS) total.problems.push(problem);
  if (pass.failure) total.failure = pass.failure;
}
