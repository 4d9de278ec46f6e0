import type { EventType } from "@answerscope/contracts";
import type { DemoMessage } from "../scenario/demo-message";
import { batchesOf, type BatchOptions } from "./batches";
import type { DemoTransport } from "./transport";

export type SendProgress = {
  readonly sent: number;
  readonly total: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly elapsedMs: number;
};

/** What a run sent and what became of it; also complete up to the failure when the transport failed. */
export type SendSummary = SendProgress & {
  readonly sentByKind: Readonly<Record<EventType, number>>;
  readonly malformedSent: number;
  readonly malformedByDefect: ReadonlyMap<string, number>;
  readonly rejectedByReason: ReadonlyMap<string, number>;
  /** Why the transport failed, when it did. */
  readonly failure?: Error;
  /** True when the run was stopped (Ctrl-C) before the end. */
  readonly interrupted: boolean;
};

export type SendStreamOptions = BatchOptions & {
  readonly total: number;
  readonly onProgress?: (progress: SendProgress) => void;
  /** Stops after the batch in flight. */
  readonly signal?: AbortSignal;
};

const increment = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * Sends the stream batch by batch and counts the outcome. A transport failure ends the run but is
 * returned in the summary, not thrown, so the caller can still report what got through.
 */
export async function sendStream(
  messages: Iterable<DemoMessage>,
  transport: DemoTransport,
  options: SendStreamOptions,
): Promise<SendSummary> {
  const startedMs = Date.now();
  const sentByKind: Record<EventType, number> = {
    response_completed: 0,
    tool_call: 0,
    feedback_submitted: 0,
    external_outcome_recorded: 0,
  };
  const malformedByDefect = new Map<string, number>();
  const rejectedByReason = new Map<string, number>();
  let sent = 0;
  let malformedSent = 0;
  let accepted = 0;
  let rejected = 0;
  let failure: Error | undefined;
  const progress = (): SendProgress => ({
    sent,
    total: options.total,
    accepted,
    rejected,
    elapsedMs: Date.now() - startedMs,
  });

  try {
    for await (const batch of batchesOf(messages, options)) {
      if (options.signal?.aborted) break;
      const report = await transport.send(batch);
      for (const message of batch) {
        sentByKind[message.kind]++;
        if (message.malformed) {
          malformedSent++;
          increment(malformedByDefect, message.defect ?? "unknown");
        }
      }
      sent += batch.length;
      accepted += report.accepted;
      rejected += report.rejected.length;
      for (const refusal of report.rejected) increment(rejectedByReason, refusal.reason);
      options.onProgress?.(progress());
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  return {
    ...progress(),
    sentByKind,
    malformedSent,
    malformedByDefect,
    rejectedByReason,
    interrupted: options.signal?.aborted ?? false,
    ...(failure ? { failure } : {}),
  };
}
