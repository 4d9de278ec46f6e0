import type { ServerResponse } from "node:http";
import type { OtlpEncoding } from "./decode-request";
import { ExportTraceServiceResponse, RpcStatus } from "./otlp-proto";

const CONTENT_TYPE: Record<OtlpEncoding, string> = { protobuf: "application/x-protobuf", json: "application/json" };

/** The gRPC code of google.rpc.Status for each HTTP status this receiver answers. */
const RPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

function send(
  res: ServerResponse,
  status: number,
  encoding: OtlpEncoding,
  body: Uint8Array | string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    "content-type": CONTENT_TYPE[encoding],
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
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
  if (encoding === "json") return send(res, 200, encoding, JSON.stringify(body));
  send(res, 200, encoding, ExportTraceServiceResponse.encode(ExportTraceServiceResponse.fromObject(body)).finish());
}

/** An error status with a google.rpc.Status body, in the request's encoding (JSON when it named neither). */
export function sendStatus(
  res: ServerResponse,
  encoding: OtlpEncoding,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = { code: RPC_CODE[status] ?? 2, message };
  if (encoding === "json") return send(res, status, encoding, JSON.stringify(body), headers);
  send(res, status, encoding, RpcStatus.encode(RpcStatus.fromObject(body)).finish(), headers);
}
