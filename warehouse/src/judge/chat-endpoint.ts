import type { SecretKey } from "../langfuse/config";
import { judgeMessages, JudgeScoresSchema, type JudgedText, type JudgeScores } from "./prompt";

/** Why a call gave no scores: each is stored and counted as an error, never as a score. */
export const JUDGE_ERROR_KINDS = ["timeout", "http_4xx", "http_5xx", "network", "malformed"] as const;
export type JudgeErrorKind = (typeof JUDGE_ERROR_KINDS)[number];

export type JudgeCallResult = { ok: true; scores: JudgeScores } | { ok: false; error: JudgeErrorKind };

export interface ChatEndpoint {
  url: string;
  model: string;
  apiKey: SecretKey;
  timeoutMs: number;
}

/** The scores in a chat completion's body, or null when the body, its content or the scores are not as asked. */
export function scoresOfCompletion(body: unknown): JudgeScores | null {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return null;
  }
  const scores = JudgeScoresSchema.safeParse(json);
  return scores.success ? scores.data : null;
}

/**
 * One judgement: POST `<url>/chat/completions` (the OpenAI chat completions format) asking for a
 * JSON object, the whole call (body included) within the timeout. Never throws: every failure is
 * one of JUDGE_ERROR_KINDS. Nothing of the request (the key) or of the answer goes into a result.
 */
export async function callJudge(endpoint: ChatEndpoint, text: JudgedText): Promise<JudgeCallResult> {
  const signal = AbortSignal.timeout(endpoint.timeoutMs);
  try {
    const response = await fetch(`${endpoint.url.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      signal,
      headers: { "content-type": "application/json", authorization: `Bearer ${endpoint.apiKey.reveal()}` },
      body: JSON.stringify({
        model: endpoint.model,
        temperature: 0,
        response_format: { type: "json_object" },
        messages: judgeMessages(text),
      }),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, error: response.status >= 500 ? "http_5xx" : "http_4xx" };
    }
    const body: unknown = await response.json().catch(() => null);
    // A body cut off by the timeout is a timeout, not a malformed answer.
    if (signal.aborted) return { ok: false, error: "timeout" };
    const scores = scoresOfCompletion(body);
    return scores ? { ok: true, scores } : { ok: false, error: "malformed" };
  } catch {
    return { ok: false, error: signal.aborted ? "timeout" : "network" };
  }
}
