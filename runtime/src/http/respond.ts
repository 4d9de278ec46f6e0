import type { ServerResponse } from "node:http";

export type ErrorCode =
  | "invalid_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "too_large"
  | "rate_limited"
  | "unavailable"
  | "internal";

/** The HTTP status of each error code (docs/api.md, Errors). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Errors always have the docs/api.md shape `{"error": {"code", "message"}}`. */
export function sendError(res: ServerResponse, code: ErrorCode, message: string): void {
  sendJson(res, ERROR_STATUS[code], { error: { code, message } });
}

export class HttpError extends Error {
  /** `headers` go out with the error's answer (Retry-After of a 429, Connection: close of a 413 not read to its end). */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
