import type { SendSummary } from "../send/send-stream";

const sortedEntries = (counts: ReadonlyMap<string, number>) =>
  [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

/** The end-of-run report (stdout): what was sent per kind, and what the receiver made of it. */
export function formatSummary(
  summary: SendSummary,
  target: { kind: "kafka" | "collector"; description: string },
): string {
  const seconds = summary.elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(summary.sent / seconds) : summary.sent;
  const status = summary.failure ? "FAILED" : summary.interrupted ? "interrupted" : "done";
  const lines = [
    `demo ${status}: sent ${summary.sent} of ${summary.total} events to ${target.description} in ${seconds.toFixed(1)} s (${rate} events/s)`,
    ...Object.entries(summary.sentByKind).map(([kind, count]) => `  ${kind.padEnd(20)} ${count}`),
    `  ${"malformed".padEnd(20)} ${summary.malformedSent}${
      summary.malformedByDefect.size > 0
        ? `  (${sortedEntries(summary.malformedByDefect)
            .map(([defect, n]) => `${defect} ${n}`)
            .join(", ")})`
        : ""
    }`,
  ];
  if (target.kind === "kafka") {
    // Kafka acknowledges bytes, not validity: the ingest workers dead-letter malformed events later.
    lines.push(
      `  ${"acked by Kafka".padEnd(20)} ${summary.accepted}`,
      `  malformed events are validated by the ingest workers and go to the dead-letter topic`,
    );
  } else {
    lines.push(`  ${"accepted".padEnd(20)} ${summary.accepted}`, `  ${"rejected".padEnd(20)} ${summary.rejected}`);
    for (const [reason, count] of sortedEntries(summary.rejectedByReason))
      lines.push(`    ${reason.padEnd(38)} ${count}`);
  }
  if (summary.failure) lines.push(`error: ${summary.failure.message}`);
  return `${lines.join("\n")}\n`;
}
