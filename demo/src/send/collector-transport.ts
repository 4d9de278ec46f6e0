import { setTimeout as sleep } from "node:timers/promises";
import type { DemoMessage } from "../scenario/demo-message";
import { collectorAnswerSchema, errorTextOf, type CollectorAnswer } from "./collector-answer";
import { collectorBodyOf } from "./collector-body";
import { retryDelayMs } from "./retry-delay";
import type { DemoTransport, RejectedEvent, SendReport } from "./transport";

export type CollectorTransportOptions = {
  /** Base URL of the collector, e.g. `http://127.0.0.1:4318`; events go to `<url>/v1/events`. */
  readonly url: string;
  /** Ingest key per tenant: a key belongs to exactly one tenant, so each tenant's events go under its own key. */
  readonly keys: ReadonlyMap<string, string>;
  /** Events per request; the collector takes up to 10,000, smaller requests retry cheaper. */
  readonly maxBatchEvents?: number;
  /** Tries per request before the transport gives up (503, 429 and network errors are retried). */
  readonly maxAttempts?: number;
  readonly retryBaseMs?: number;
  readonly retryMaxMs?: number;
  readonly requestTimeoutMs?: number;
};

/** Statuses that mean "not now": the collector could not hand the batch on, a retry is safe (idempotent by event_id). */
const RETRYABLE = new Set([429, 502, 503, 504]);

export class CollectorError extends Error {}

/** Splits a batch by tenant, then into requests of at most `size` events, keeping order. */
export function requestsOf(
  batch: readonly DemoMessage[],
  size: number,
): { tenantId: string; messages: DemoMessage[] }[] {
  const byTenant = new Map<string, DemoMessage[]>();
  for (const message of batch) {
    const messages = byTenant.get(message.tenantId);
    if (messages) messages.push(message);
    else byTenant.set(message.tenantId, [message]);
  }
  const requests: { tenantId: string; messages: DemoMessage[] }[] = [];
  for (const [tenantId, messages] of byTenant) {
    for (let start = 0; start < messages.length; start += size)
      requests.push({ tenantId, messages: messages.slice(start, start + size) });
  }
  return requests;
}

/** Sends to the HTTP collector (`POST /v1/events`), one request per tenant and chunk, retrying while it is unavailable. */
export function createCollectorTransport(options: CollectorTransportOptions): DemoTransport {
  const endpoint = new URL("v1/events", options.url.endsWith("/") ? options.url : `${options.url}/`).toString();
  const maxBatchEvents = options.maxBatchEvents ?? 1000;
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 250;
  const retryMaxMs = options.retryMaxMs ?? 10_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;

  async function post(tenantId: string, messages: readonly DemoMessage[]): Promise<CollectorAnswer> {
    const key = options.keys.get(tenantId);
    if (key === undefined) throw new CollectorError(`no ingest key for tenant ${tenantId}`);
    const { body, contentType } = collectorBodyOf(messages);
    let lastProblem = "";
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let retryAfter: string | null = null;
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": contentType },
          body,
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        const text = await response.text();
        if (response.status === 202 || response.status === 200) {
          const answer = collectorAnswerSchema.safeParse(JSON.parse(text));
          if (!answer.success) throw new CollectorError(`unexpected collector answer: ${text.slice(0, 200)}`);
          return answer.data;
        }
        if (!RETRYABLE.has(response.status))
          throw new CollectorError(
            `collector refused the batch for tenant ${tenantId}: ${errorTextOf(response.status, text)}`,
          );
        lastProblem = errorTextOf(response.status, text);
        retryAfter = response.headers.get("retry-after");
      } catch (error) {
        if (error instanceof CollectorError) throw error;
        lastProblem =
          error instanceof Error
            ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
            : String(error);
      }
      if (attempt < maxAttempts) await sleep(retryDelayMs(attempt, retryBaseMs, retryMaxMs, retryAfter));
    }
    throw new CollectorError(`collector still unavailable after ${maxAttempts} attempts: ${lastProblem}`);
  }

  return {
    description: `collector ${endpoint}`,
    async send(batch): Promise<SendReport> {
      let accepted = 0;
      const rejected: RejectedEvent[] = [];
      for (const request of requestsOf(batch, maxBatchEvents)) {
        const answer = await post(request.tenantId, request.messages);
        accepted += answer.accepted;
        for (const refusal of answer.rejected)
          rejected.push({ eventId: refusal.event_id ?? null, reason: refusal.reason });
      }
      return { accepted, rejected };
    },
    close: async () => {},
  };
}
