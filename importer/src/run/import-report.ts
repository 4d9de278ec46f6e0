import type { EventType } from "@answerscope/contracts";

/** Something in the input that did not become an event; never stops the import. */
export type ReportedProblem = {
  /** The decoded file name. */
  readonly file: string;
  /** 1-based, absent for a whole-file problem. */
  readonly line?: number;
  readonly kind: "not_session" | "broken_line" | "unknown_record" | "invalid_record" | "unmappable" | "unreadable";
  readonly message: string;
};

/** What one or more import passes did; counts add up over a watch. */
export type ImportReport = {
  filesRead: number;
  /** Files whose fingerprint matches the state: read and sent before, not read again. */
  unchangedFiles: number;
  sessionFiles: number;
  notSessionFiles: number;
  eventsFound: number;
  sentByKind: Record<EventType, number>;
  /** Already delivered by an earlier run (known from the state file). */
  alreadySent: number;
  accepted: number;
  rejectedByReason: Map<string, number>;
  unscoredRatings: number;
  repliesWithoutFacts: number;
  brokenLines: number;
  unknownRecords: number;
  invalidRecords: number;
  problems: ReportedProblem[];
  /** Why delivery stopped, when it did. */
  failure?: Error;
};

export const emptyReport = (): ImportReport => ({
  filesRead: 0,
  unchangedFiles: 0,
  sessionFiles: 0,
  notSessionFiles: 0,
  eventsFound: 0,
  sentByKind: { response_completed: 0, tool_call: 0, feedback_submitted: 0, external_outcome_recorded: 0 },
  alreadySent: 0,
  accepted: 0,
  rejectedByReason: new Map(),
  unscoredRatings: 0,
  repliesWithoutFacts: 0,
  brokenLines: 0,
  unknownRecords: 0,
  invalidRecords: 0,
  problems: [],
});

export const totalSent = (report: ImportReport): number =>
  Object.values(report.sentByKind).reduce((sum, n) => sum + n, 0);

/** Most problems kept for the summary: a directory of broken files must not fill the memory. */
export const MAX_KEPT_PROBLEMS = 1000;

export function recordProblem(report: ImportReport, problem: ReportedProblem): void {
  if (problem.kind === "broken_line") report.brokenLines++;
  else if (problem.kind === "unknown_record") report.unknownRecords++;
  else if (problem.kind === "invalid_record" || problem.kind === "unmappable") report.invalidRecords++;
  if (report.problems.length < MAX_KEPT_PROBLEMS) report.problems.push(problem);
}
