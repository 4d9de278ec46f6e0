import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for an OpenAI-compatible chat completions endpoint (the LLM judge's), which cannot be
 * reached from here. It speaks the format of OpenAI's API reference ("Create chat completion"):
 * `POST /v1/chat/completions` with `Authorization: Bearer <key>` (else 401 with
 * `{ error: { message, type: "invalid_request_error", code: "invalid_api_key" } }`), a JSON body with
 * `model` and `messages` (else 400), answering `{ id, object: "chat.completion", created, model,
 * choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null,
 * finish_reason: "stop" }], usage }`. What the assistant says, or how the call fails, is the test's
 * `reply`: a content, an HTTP status (with OpenAI's error body), or a hang past the client's timeout.
 * Every authorized request is recorded as it arrived.
 */
export interface ChatRequest {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; [key: string]: unknown };
}

export type ChatReply = { content: string } | { status: number } | { hangMs: number };

export interface FakeChatCompletions {
  /** The base URL a client is configured with (`…/v1`). */
  url: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

const openAiError = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

export async function startFakeChatCompletions(
  apiKey: string,
  reply: (request: ChatRequest) => ChatReply,
): Promise<FakeChatCompletions> {
  const requests: ChatRequest[] = [];
  const hanging = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions")
        return send(res, 404, openAiError("Unknown request URL", "invalid_request_error", "unknown_url"));
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return send(res, 401, openAiError("Incorrect API key provided", "invalid_request_error", "invalid_api_key"));
      let body: ChatRequest["body"];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest["body"];
      } catch {
        return send(
          res,
          400,
          openAiError("We could not parse the JSON body of your request.", "invalid_request_error", null),
        );
      }
      if (typeof body.model !== "string" || !Array.isArray(body.messages))
        return send(
          res,
          400,
          openAiError("Missing required parameter: 'model' or 'messages'.", "invalid_request_error", null),
        );
      const request = { authorization: req.headers.authorization, body };
      requests.push(request);
      const answer = reply(request);
      if ("hangMs" in answer) {
        const timer = setTimeout(() => {
          hanging.delete(timer);
          send(res, 200, completion(body.model, "{}"));
        }, answer.hangMs);
        hanging.add(timer);
        return;
      }
      if ("status" in answer)
        return send(res, answer.status, openAiError("The server had an error.", "server_error", null));
      send(res, 200, completion(body.model, answer.content));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const timer of hanging) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 30, total_tokens: 130 },
  };
}
