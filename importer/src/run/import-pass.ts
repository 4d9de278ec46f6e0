import { readFile } from "node:fs/promises";
import type { DemoTransport } from "@answerscope/demo";
import { eventMessageOf } from "../delivery/event-message";
import { sendEvents } from "../delivery/send-events";
import type { MappingContext } from "../mapping/mapping-context";
import { sessionEventsOf } from "../mapping/session-events";
import { parseSession } from "../vikingbot/parse-session";
import { displayNameOf, parseSessionFileName } from "../vikingbot/session-file-name";
import { recordProblem, type ImportReport, type ReportedProblem } from "./import-report";
import { saveState, sentKeyOf, type ImportState } from "./import-state";
import { listFiles, type ListedFile } from "./list-files";

/** The state's mark of a file read while its last line was still being written. */
const incompleteFingerprint = (file: ListedFile): string => `incomplete:${file.fingerprint}`;

export type PassOptions = {
  readonly directory: string;
  readonly statePath: string | null;
  readonly context: MappingContext;
  readonly transport: DemoTransport;
  /** Watching: a last line still being written is left for the next pass instead of reported as broken. */
  readonly waitForIncompleteLines: boolean;
  readonly onFileDone?: (done: number, total: number, report: ImportReport) => void;
  /** Watching: per file, the problems already reported (in memory; bounded by the files' current problems). */
  readonly reportedProblems?: Map<string, Set<string>>;
};

/**
 * Reads one file, sends what it holds that was not sent before and records that in the state. A file
 * whose last line is still being written keeps a fingerprint that will not match, so it is read again.
 */
async function importFile(
  file: ListedFile,
  state: ImportState,
  report: ImportReport,
  options: PassOptions,
): Promise<void> {
  const shownName = displayNameOf(file.name);
  // A watched file is read again on every change; its old problems are reported only the first time.
  const reportedBefore = options.reportedProblems?.get(file.name) ?? new Set<string>();
  const reportedNow = new Set<string>();
  options.reportedProblems?.set(file.name, reportedNow);
  const problem = (entry: Omit<ReportedProblem, "file">) => {
    const key = `${entry.line ?? ""}:${entry.kind}:${entry.message}`;
    reportedNow.add(key);
    if (!reportedBefore.has(key)) recordProblem(report, { file: shownName, ...entry });
  };
  report.filesRead++;
  if (!parseSessionFileName(file.name)) {
    report.notSessionFiles++;
    problem({ kind: "not_session", message: "name is not <type>__<channel_id>__<chat_id>[~<16 hex>].jsonl" });
    state.files[file.name] = { fingerprint: file.fingerprint, sent: [], notSession: true };
    return;
  }
  let text: string;
  try {
    text = await readFile(file.path, "utf8");
  } catch (error) {
    // Vanished or unreadable right now: report, and try again on the next pass.
    problem({ kind: "unreadable", message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const parsed = parseSession(text);
  if (parsed.kind === "not_session") {
    report.notSessionFiles++;
    problem({ kind: "not_session", message: parsed.reason });
    state.files[file.name] = { fingerprint: file.fingerprint, sent: [], notSession: true };
    return;
  }
  report.sessionFiles++;
  for (const lineProblem of parsed.problems)
    problem({ line: lineProblem.line, kind: lineProblem.kind, message: lineProblem.message });
  // A last line without its newline is waited for once; unchanged a poll later, the writer is gone
  // and the line is as broken as any other (otherwise the file would be re-read forever).
  const waitedBefore = state.files[file.name]?.fingerprint === incompleteFingerprint(file);
  const waitForTail = options.waitForIncompleteLines && !waitedBefore;
  const complete = !(parsed.incompleteTail && waitForTail);
  if (parsed.incompleteTail && !waitForTail)
    problem({ line: text.split("\n").length, kind: "broken_line", message: "last line is incomplete" });

  const mapped = sessionEventsOf(parsed, options.context);
  for (const mappingProblem of mapped.problems)
    problem({ line: mappingProblem.line, kind: "unmappable", message: mappingProblem.message });
  report.unscoredRatings += mapped.unscoredRatings;
  report.repliesWithoutFacts += mapped.repliesWithoutFacts;
  report.eventsFound += mapped.events.length;

  const previouslySent = new Set(state.files[file.name]?.sent ?? []);
  const currentKeys = new Set(mapped.events.map(({ event }) => sentKeyOf(event.event_id)));
  // Only keys of the current content are kept: the state stays as large as the files, no larger.
  const sent = new Set([...previouslySent].filter((key) => currentKeys.has(key)));
  const toSend = mapped.events.filter(({ event }) => !sent.has(sentKeyOf(event.event_id)));
  report.alreadySent += mapped.events.length - toSend.length;

  // After a failed delivery the fingerprint must not match, so the next pass reads the file again.
  let delivered = false;
  const commit = () => {
    const fingerprint = !delivered
      ? `undelivered:${file.fingerprint}`
      : complete
        ? file.fingerprint
        : incompleteFingerprint(file);
    state.files[file.name] = { fingerprint, sent: [...sent] };
  };
  try {
    const messages = toSend.map((mapped) => ({ message: eventMessageOf(mapped), eventId: mapped.event.event_id }));
    const eventIdOf = new Map(messages.map(({ message, eventId }) => [message, eventId]));
    await sendEvents(
      messages.map(({ message }) => message),
      options.transport,
      (batch, accepted, rejected) => {
        for (const message of batch) {
          report.sentByKind[message.kind]++;
          sent.add(sentKeyOf(eventIdOf.get(message) ?? ""));
        }
        report.accepted += accepted;
        for (const refusal of rejected)
          report.rejectedByReason.set(refusal.reason, (report.rejectedByReason.get(refusal.reason) ?? 0) + 1);
      },
    );
    delivered = true;
  } finally {
    // Even after a failure: what was acknowledged is remembered.
    commit();
  }
}

/**
 * One pass over the directory: every file that changed since the state's fingerprint is read and
 * its new events sent. Stops at the first transport failure (recorded in the report); the state is
 * saved after each file, so a crash loses at most one file's bookkeeping (re-sent, deduplicated).
 */
export async function importPass(state: ImportState, report: ImportReport, options: PassOptions): Promise<void> {
  const files = await listFiles(options.directory);
  const present = new Set(files.map((file) => file.name));
  let changed = false;
  for (const name of Object.keys(state.files)) {
    if (!present.has(name)) {
      delete state.files[name];
      options.reportedProblems?.delete(name);
      changed = true;
    }
  }
  const pending = files.filter((file) => state.files[file.name]?.fingerprint !== file.fingerprint);
  report.unchangedFiles += files.length - pending.length;
  let done = 0;
  for (const file of pending) {
    try {
      await importFile(file, state, report, options);
    } catch (error) {
      report.failure = error instanceof Error ? error : new Error(String(error));
    } finally {
      changed = true;
      if (options.statePath) await saveState(options.statePath, state);
    }
    done++;
    options.onFileDone?.(done, pending.length, report);
    if (report.failure) return;
  }
  if (changed && options.statePath) await saveState(options.statePath, state);
}
