import { randomUUID } from "node:crypto";
import { LangfuseClient } from "@langfuse/client";
import type { LangfuseTenant } from "./config";
import type { OutcomeEventWrite, ScoreWrite } from "./outcome-scores";

/** How the requests of one tenant's project are made: the client's own retry does the backoff. */
export interface RequestPolicy {
  /** Retries of one request on 408, 429 and 5xx: the client waits Retry-After when given, else 1 s, 2 s, 4 s... (capped at 60 s). */
  maxRetries: number;
  timeoutSeconds: number;
}

/** A write that Langfuse refused for good (a 4xx other than 429 in the batch's answer): not retried. */
export interface RejectedWrite {
  id: string;
  status: number;
}

/**
 * The Langfuse API of one tenant's project, through the official client (`@langfuse/client`): its
 * `api` is the generated client of Langfuse's public API, with Basic auth (public key : secret
 * key) and retries. The client's own `score.create` queue is not used: it logs a failed batch and
 * drops it, and the write-back must know, to keep its mark and try again.
 */
export function langfuseApi(tenant: LangfuseTenant, policy: RequestPolicy) {
  const client = new LangfuseClient({ baseUrl: tenant.base_url, publicKey: tenant.public_key, secretKey: tenant.secret_key.reveal() });
  const requestOptions = { maxRetries: policy.maxRetries, timeoutInSeconds: policy.timeoutSeconds };

  type Batch = Parameters<typeof client.api.ingestion.batch>[0]["batch"];
  const envelope = <T extends string, B>(type: T, body: B) => ({ id: randomUUID(), type, timestamp: new Date().toISOString(), body });

  /** One ingestion batch; the outcome of each body id goes to `accepted` or `rejected`. */
  async function send(batch: Batch, accepted: Set<string>, rejected: RejectedWrite[], refusalIsFinal: boolean): Promise<void> {
    if (batch.length === 0) return;
    const byEnvelope = new Map<string, string>(batch.map((event) => [event.id, (event.body as { id: string }).id]));
    let answer;
    try {
      answer = await client.api.ingestion.batch({ batch }, requestOptions);
    } catch (error) {
      const status = (error as { statusCode?: unknown })?.statusCode;
      if (refusalIsFinal && typeof status === "number" && status >= 400 && status < 500 && status !== 429) {
        for (const id of byEnvelope.values()) rejected.push({ id, status });
        return;
      }
      throw new Error(`Langfuse ingestion failed: ${describeApiError(error)}`);
    }
    const retryable = answer.errors.filter((e) => e.status === 429 || e.status >= 500);
    if (retryable.length > 0) throw new Error(`Langfuse ingestion: ${retryable.length} of ${batch.length} item(s) failed with status ${retryable[0]!.status}`);
    const refused = new Set(answer.errors.map((e) => byEnvelope.get(e.id) ?? e.id));
    for (const e of answer.errors) rejected.push({ id: byEnvelope.get(e.id) ?? e.id, status: e.status });
    for (const id of byEnvelope.values()) if (!refused.has(id)) accepted.add(id);
  }

  return {
    /**
     * Sends scores (`score-create`) and outcome events (`event-create`) as two
     * `POST /api/public/ingestion` batches, scores first; the ids in the bodies are Answerscope's
     * stable ids, so a repeat upserts. Resolves with the ids accepted and those refused for good;
     * throws when a request failed after its retries or an item failed for a reason worth retrying
     * (429, 5xx). The events go apart because Langfuse Cloud (v4, since 16 November 2026) takes
     * only `score-create` on this endpoint: there a refused events request (any 4xx but 429) is
     * counted as refused events and never stops the scores.
     */
    async ingest(scores: readonly ScoreWrite[], events: readonly OutcomeEventWrite[]): Promise<{ accepted: Set<string>; rejected: RejectedWrite[] }> {
      const accepted = new Set<string>();
      const rejected: RejectedWrite[] = [];
      await send(scores.map((body) => envelope("score-create" as const, body)), accepted, rejected, false);
      await send(events.map((body) => envelope("event-create" as const, body)), accepted, rejected, true);
      return { accepted, rejected };
    },
    /** The raw generated client, for the feedback pull's score list. */
    api: client.api,
    requestOptions,
  };
}
export type LangfuseApi = ReturnType<typeof langfuseApi>;

/**
 * An API error as one line: its HTTP status, or that it timed out or got no answer; never its
 * body or headers (the request's Authorization header must not reach a log or the warehouse
 * through an error).
 */
export function describeApiError(error: unknown): string {
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === "number") return `HTTP ${status}`;
  return error instanceof Error && /timeout/i.test(error.name + error.message) ? "timeout" : "no answer";
}
