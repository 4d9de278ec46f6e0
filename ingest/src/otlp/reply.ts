import type { ServerResponse } from "node:http";
import { ERROR_STATUS, type ErrorEncoder } from "@answerscope/runtime";
import { encodingOf, type OtlpEncoding } from "./decode-request";
import { ExportTraceServiceResponse, RpcStatus } from "./otlp-proto";

const CONTENT_TYPE: Record<OtlpEncoding, string> = { protobuf: "application/x-protobuf", json: "application/json" };

/** The gRPC code of google.rpc.Status for each HTTP status this receiver answers. */
const RPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

function send(res: ServerResponse, encoding: OtlpEncoding, body: Uint8Array | string) {
  res.writeHead(200, { "content-type": CONTENT_TYPE[encoding], "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * 200 with an ExportTraceServiceResponse in the request's encoding. `partialSuccess` only when
 * spans were rejected, or (rejected 0) to warn of spans that gave no event, as OTLP/HTTP allows.
 */
export function sendExportResponse(
  res: ServerResponse,
  encoding: OtlpEncoding,
  rejectedSpans: number,
  message: string,
): void {
  const body = message === "" ? {} : { partialSuccess: { rejectedSpans, errorMessage: message } };
  if (encoding === "json") return send(res, encoding, JSON.stringify(body));
  send(res, encoding, ExportTraceServiceResponse.encode(ExportTraceServiceResponse.fromObject(body)).finish());
}

/**
 * The route's errors as google.rpc.Status in the request's encoding (JSON when it named neither),
 * written by the runtime's one reply path (status, Retry-After, Connection: close) like every route's.
 */
export const otlpErrorBody: ErrorEncoder = (req, code, message) => {
  const encoding = requestEncoding(req.headers["content-type"]);
  const status = { code: RPC_CODE[ERROR_STATUS[code]] ?? 2, message };
  return {
    contentType: CONTENT_TYPE[encoding],
    body: encoding === "json" ? JSON.stringify(status) : RpcStatus.encode(RpcStatus.fromObject(status)).finish(),
  };
};

function requestEncoding(contentType: string | undefined): OtlpEncoding {
  try {
    return encodingOf(contentType);
  } catch {
    return "json";
  }
}
