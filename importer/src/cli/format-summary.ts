import type { ImportReport } from "../run/import-report";
import { totalSent } from "../run/import-report";

/** The summary printed at the end (stdout): what was found, sent, skipped and why. */
export function formatSummary(report: ImportReport, destination: string): string {
  const lines = [
    `vikingbot import → ${destination}`,
    `  files read: ${report.filesRead} (${report.sessionFiles} sessions, ${report.notSessionFiles} not vikingbot sessions); ${report.unchangedFiles} unchanged since the last import`,
    `  events found: ${report.eventsFound}, already sent before: ${report.alreadySent}`,
    `  sent: ${totalSent(report)} (response_completed ${report.sentByKind.response_completed}, tool_call ${report.sentByKind.tool_call}, feedback_submitted ${report.sentByKind.feedback_submitted}, external_outcome_recorded ${report.sentByKind.external_outcome_recorded}); accepted ${report.accepted}`,
  ];
  if (report.rejectedByReason.size > 0)
    lines.push(
      `  rejected by Answerscope: ${[...report.rejectedByReason].map(([reason, n]) => `${reason} ${n}`).join(", ")}`,
    );
  lines.push(
    `  not sent: ${report.unscoredRatings} ratings without a score, ${report.repliesWithoutFacts} replies without facts (heartbeats)`,
    `  skipped: ${report.brokenLines} broken lines, ${report.unknownRecords} unknown records, ${report.invalidRecords} invalid records`,
  );
  for (const problem of report.problems)
    lines.push(`  ${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.kind}: ${problem.message}`);
  if (report.failure) lines.push(`  delivery failed: ${report.failure.message}`);
  return `${lines.join("\n")}\n`;
}
