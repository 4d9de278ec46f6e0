import { parseRetryAfter } from "../retry/backoff.js";
import { isRetryableStatus } from "../retry/retryable.js";

/** One event the collector refused (docs/api.md, Collector): its index in the batch and the reason. */
export interface RejectedEvent {
  index: number;
  event_id: string | null;
  reason: string;
}

/** What one POST of a batch came to. */
export type PostOutcome =
  | { kind: "accepted"; accepted: number; rejected: RejectedEvent[] }
  /** Worth sending again: a retryable status, or no answer at all (`status` undefined). */
  | { kind: "retry"; status?: number; retryAfterMs?: number; error: string }
  /** The collector will refuse it again (400, 401, 403, 413). */
  | { kind: "refused"; status: number; error: string };

export interface PostTarget {
  url: string;
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

const errorText = async (response: Response): Promise<string> => {
  const text = await response.text().catch(() => "");
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (error?.code) return `${response.status} ${error.code}: ${error.message ?? ""}`;
  } catch {
    // not the collector's error shape: the start of the text says more than nothing
  }
  return `${response.status} ${text.slice(0, 200)}`;
};

/** POSTs one JSON array of events to the collector, once; never throws. */
export async function postBatch(target: PostTarget, body: string): Promise<PostOutcome> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer within ${target.timeoutMs} ms`)), target.timeoutMs);
  try {
    const response = await target.fetch(target.url, {
      method: "POST",
      headers: { authorization: `Bearer ${target.apiKey}`, "content-type": "application/json" },
      body,
      signal: abort.signal,
    });
    if (response.status === 200 || response.status === 202) {
      const answer = (await response.json().catch(() => ({}))) as { accepted?: number; rejected?: RejectedEvent[] };
      return { kind: "accepted", accepted: answer.accepted ?? 0, rejected: answer.rejected ?? [] };
    }
    if (isRetryableStatus(response.status)) {
      return {
        kind: "retry",
        status: response.status,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), Date.now()),
        error: await errorText(response),
      };
    }
    return { kind: "refused", status: response.status, error: await errorText(response) };
  } catch (error) {
    // No answer (refused connection, a connection cut mid-answer, the timeout): the batch may or
    // may not be stored, and sending it again is safe either way (idempotent by event_id).
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return { kind: "retry", error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  } finally {
    clearTimeout(timer);
  }
}
