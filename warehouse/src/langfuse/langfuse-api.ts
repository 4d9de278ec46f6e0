import { LangfuseClient } from "@langfuse/client";
import type { LangfuseTenant } from "./config";
import type { OutcomeEventWrite } from "./outcome-event";
import type { ScoreWrite } from "./outcome-scores";
import { otelEventSender } from "./otel-events";

/** How the requests of one tenant's project are made. */
export interface RequestPolicy {
  /** Retries of one score request on 408, 429 and 5xx: the client waits Retry-After when given, else 1 s, 2 s, 4 s... (capped at 60 s). */
  maxRetries: number;
  timeoutSeconds: number;
  /** Score requests in flight at once (the score API takes one score per request). */
  concurrency: number;
}

/** A write that Langfuse refused for good: counted, logged by id, not retried. */
export interface RejectedWrite {
  id: string;
  status: number;
}

/** What a page's writes came to; `failure` set when a write failed for a reason worth a new pass. */
export interface WriteOutcome {
  accepted: Set<string>;
  rejected: RejectedWrite[];
  failure?: Error;
}

/**
 * A refusal for good: the request itself is wrong (400, 404, 413, 422 ...). Not one: a
 * configuration to fix (401, 403) or a passing state (408, 429, 5xx), which fail the pass so the
 * mark holds and the status shows the failure.
 */
export const isRefusal = (status: number): boolean =>
  status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);

/**
 * The Langfuse API of one tenant's project. Scores go through the official client
 * (`@langfuse/client`, its generated `api.scores.create`: `POST /api/public/scores`, Basic auth
 * public key : secret key, the client's retry); outcome events through OpenTelemetry's OTLP
 * exporter to the project's OTel endpoint (otel-events.ts). The client's own `score.create` queue
 * is not used: it sends through the ingestion endpoint, logs a failed batch and drops it.
 */
export function langfuseApi(tenant: LangfuseTenant, policy: RequestPolicy) {
  const client = new LangfuseClient({
    baseUrl: tenant.base_url,
    publicKey: tenant.public_key,
    secretKey: tenant.secret_key.reveal(),
  });
  const requestOptions = { maxRetries: policy.maxRetries, timeoutInSeconds: policy.timeoutSeconds };
  const authorization = `Basic ${Buffer.from(`${tenant.public_key}:${tenant.secret_key.reveal()}`).toString("base64")}`;
  const events = otelEventSender(tenant.base_url, authorization, policy.timeoutSeconds);

  return {
    /**
     * Creates or updates each score (the ids are Answerscope's stable ids: a repeat is an update),
     * `policy.concurrency` at a time. After a failure worth a new pass no further score is started;
     * the ones accepted so far are reported with it.
     */
    async writeScores(scores: readonly ScoreWrite[]): Promise<WriteOutcome> {
      const outcome: WriteOutcome = { accepted: new Set(), rejected: [] };
      let next = 0;
      const worker = async () => {
        while (next < scores.length && !outcome.failure) {
          const score = scores[next++]!;
          try {
            const { id, traceId, name, dataType, value, comment } = score;
            await client.api.scores.create({ id, traceId, name, dataType, value, comment }, requestOptions);
            outcome.accepted.add(score.id);
          } catch (error) {
            const status = statusOf(error);
            if (status !== undefined && isRefusal(status)) outcome.rejected.push({ id: score.id, status });
            else outcome.failure ??= new Error(`Langfuse score write failed: ${describeApiError(error)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, policy.concurrency) }, worker));
      return outcome;
    },
    /** Sends the outcome events as one OTLP request; a refusal for good refuses each of them. */
    async writeEvents(list: readonly OutcomeEventWrite[]): Promise<WriteOutcome> {
      const outcome: WriteOutcome = { accepted: new Set(), rejected: [] };
      if (list.length === 0) return outcome;
      const sent = await events.send(list);
      if (sent.ok) list.forEach((event) => outcome.accepted.add(event.spanId));
      else if (sent.status !== undefined && isRefusal(sent.status))
        list.forEach((event) => outcome.rejected.push({ id: event.spanId, status: sent.status! }));
      else outcome.failure = new Error(`Langfuse OTel export failed: ${sent.message}`);
      return outcome;
    },
    /** The raw generated client, for the feedback pull's score list. */
    api: client.api,
    requestOptions,
    close: () => events.close(),
  };
}
export type LangfuseApi = ReturnType<typeof langfuseApi>;

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" ? status : undefined;
};

/**
 * An API error as one line: its HTTP status, or that it timed out or got no answer; never its
 * body or headers (the request's Authorization header must not reach a log or the warehouse
 * through an error).
 */
export function describeApiError(error: unknown): string {
  const status = statusOf(error);
  if (status !== undefined) return `HTTP ${status}`;
  return error instanceof Error && /timeout/i.test(error.name + error.message) ? "timeout" : "no answer";
}
