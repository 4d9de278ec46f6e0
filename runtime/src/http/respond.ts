import type { IncomingMessage, ServerResponse } from "node:http";

export type ErrorCode =
  | "invalid_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "too_large"
  | "unsupported_media_type"
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
  unsupported_media_type: 415,
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

/** An error answer's body and its content type. */
export interface EncodedError {
  contentType: string;
  body: string | Uint8Array;
}

/**
 * How a route words its errors: the API's by default; a route whose clients expect another shape
 * (OTLP's google.rpc.Status) brings its own, and its errors still take the one reply path below.
 */
export type ErrorEncoder = (req: IncomingMessage, code: ErrorCode, message: string) => EncodedError;

/** Errors have the docs/api.md shape `{"error": {"code", "message"}}`. */
export const apiErrorBody: ErrorEncoder = (_req, code, message) => ({
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify({ error: { code, message } }),
});

/**
 * Every error answer of every route: the error's status, its headers (Retry-After of a 429,
 * Connection: close of a 413 not read to its end: readBody), and the route's body.
 */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  error: { code: ErrorCode; message: string; headers?: Record<string, string> },
  encode: ErrorEncoder = apiErrorBody,
): void {
  const { contentType, body } = encode(req, error.code, error.message);
  res.writeHead(ERROR_STATUS[error.code], {
    ...error.headers,
    "content-type": contentType,
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
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
