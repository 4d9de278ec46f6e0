import { describe, expect, it } from "vitest";
import { AnswerscopeClient } from "./client";

// The collector does not answer 429 with Retry-After (it has no rate limit to hit here), so these
// tests hand the client a fetch that answers as a rate-limited collector would. Everything the
// real collector does answer is tested against it in test/integration/sdk-*.test.ts.
function rateLimitedOnce(retryAfter: string) {
  const calls: { at: number; body: string }[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    calls.push({ at: Date.now(), body: String(init.body) });
    if (calls.length === 1)
      return new Response('{"error":{"code":"too_many_requests","message":"slow down"}}', {
        status: 429,
        headers: { "retry-after": retryAfter },
      });
    return new Response(JSON.stringify({ accepted: 1, rejected: [] }), { status: 202 });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const feedback = { target_type: "chat_message", target_id: "r-1", user_id: "u-1", rating: "up" } as const;

describe("AnswerscopeClient retries", () => {
  it("waits the collector's Retry-After, then sends the same bytes: same event_id and client_feedback_id", async () => {
    const { calls, fetch } = rateLimitedOnce("1");
    const retries: (number | undefined)[] = [];
    const client = new AnswerscopeClient({
      endpoint: "http://collector.invalid",
      apiKey: "k",
      tenantId: "t",
      fetch,
      retry: { minDelayMs: 1, maxDelayMs: 2 },
      onRetry: (info) => retries.push(info.status),
    });
    const { client_feedback_id, event_id } = client.feedback(feedback);
    await client.flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(990);
    expect(calls[1]!.body).toBe(calls[0]!.body);
    expect(JSON.parse(calls[0]!.body)).toEqual([
      expect.objectContaining({
        event_id,
        client_feedback_id,
        event_type: "feedback_submitted",
        tenant_id: "t",
        schema_version: 1,
      }),
    ]);
    expect(retries).toEqual([429]);
    expect(client.stats()).toEqual({ queued: 0, sent: 1, rejected: 0, failed: 0, dropped: 0, retries: 1 });
  });

  it("gives up a wait longer than shutdown's deadline, counting the events as dropped", async () => {
    const { calls, fetch } = rateLimitedOnce("60");
    const client = new AnswerscopeClient({
      endpoint: "http://collector.invalid",
      apiKey: "k",
      tenantId: "t",
      fetch,
      shutdownTimeoutMs: 300,
    });
    client.feedback(feedback);
    client.feedback(feedback);
    const started = Date.now();
    expect(await client.shutdown()).toEqual({ queued: 0, sent: 0, rejected: 0, failed: 0, dropped: 2, retries: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toHaveLength(1);
  });
});
