import { z } from "zod";
import { isoFromMs } from "../queries/query-range";
import type { WritebackStatus } from "./writeback-status";

/** A tenant's Langfuse write-back, as the API publishes it (GET /api/v1/langfuse/writeback). */
export const LangfuseWritebackSchema = z.object({
  enabled: z
    .boolean()
    .describe(
      "the write-back ran for the tenant (its Langfuse project is configured); false: nothing is sent, every other field null or false",
    ),
  written_through: z.iso
    .datetime()
    .nullable()
    .describe(
      "every outcome label the evaluator wrote up to this time is in Langfuse; null before the first pass that wrote",
    ),
  labels_through: z.iso
    .datetime()
    .nullable()
    .describe(
      "the evaluator's last finished run for the tenant: its labels are complete up to here; null when it never finished one",
    ),
  lag_seconds: z
    .number()
    .nullable()
    .describe(
      "labels_through minus written_through, 0 when every finished label is in Langfuse: how long a Langfuse outage has delayed the verdicts; null when not enabled",
    ),
  last_success_at: z.iso.datetime().nullable().describe("the newest write-back pass that succeeded"),
  failing: z
    .boolean()
    .describe("the newest write-back pass failed (Langfuse unreachable, refusing, or rate limiting past the retries)"),
  error: z
    .string()
    .nullable()
    .describe("the newest pass's failure when failing: its HTTP status, redacted, never a key"),
});
export type LangfuseWriteback = z.output<typeof LangfuseWritebackSchema>;

export function publishedWriteback(status: WritebackStatus): LangfuseWriteback {
  const enabled = status.lastSuccessAtMs !== null || status.failing !== null;
  const iso = (ms: number) => (ms > 0 ? isoFromMs(ms) : null);
  return {
    enabled,
    written_through: enabled ? iso(status.writtenThroughMs) : null,
    labels_through: enabled ? iso(status.labelsThroughMs) : null,
    lag_seconds: enabled ? status.lagMs / 1000 : null,
    last_success_at: status.lastSuccessAtMs === null ? null : isoFromMs(status.lastSuccessAtMs),
    failing: status.failing !== null,
    error: status.failing,
  };
}
