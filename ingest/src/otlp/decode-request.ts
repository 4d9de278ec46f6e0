import { HttpError } from "@answerscope/runtime";
import { gunzipSync } from "node:zlib";
import { ExportTraceServiceRequest, type ExportTraceServiceRequestObject } from "./otlp-proto";
import { spansOf, type OtlpSpan } from "./spans";

/** The two encodings OTLP/HTTP defines; the reply uses the request's. */
export type OtlpEncoding = "protobuf" | "json";

/** The encoding a Content-Type names, or a 415 for any other (OTLP/HTTP: "Unsupported Media Type"). */
export function encodingOf(contentType: string | undefined): OtlpEncoding {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-protobuf") return "protobuf";
  if (type === "application/json") return "json";
  throw new HttpError(
    "unsupported_media_type",
    `content type ${JSON.stringify(contentType ?? "")} is not application/x-protobuf or application/json`,
  );
}

/** The body without its Content-Encoding (gzip or none), never inflated past `maxBytes`. */
export function unzipBody(body: Buffer, contentEncoding: string | undefined, maxBytes: number): Buffer {
  const coding = (contentEncoding ?? "identity").trim().toLowerCase();
  if (coding === "identity" || coding === "") return body;
  if (coding !== "gzip")
    throw new HttpError("unsupported_media_type", `content encoding ${JSON.stringify(coding)} is not gzip`);
  try {
    return gunzipSync(body, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      throw new HttpError("too_large", `body inflates past the limit of ${maxBytes} bytes`);
    throw new HttpError("invalid_request", `body: not valid gzip (${(error as Error).message})`);
  }
}

/** The spans of an ExportTraceServiceRequest; an undecodable body is a 400 naming why. */
export function decodeSpans(body: Buffer, encoding: OtlpEncoding): OtlpSpan[] {
  let request: ExportTraceServiceRequestObject;
  try {
    request =
      encoding === "protobuf"
        ? ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(body), { longs: String })
        : (JSON.parse(body.toString("utf8")) as ExportTraceServiceRequestObject);
  } catch (error) {
    throw new HttpError(
      "invalid_request",
      `body: not a valid ExportTraceServiceRequest in ${encoding} (${(error as Error).message})`,
    );
  }
  if (
    typeof request !== "object" ||
    request === null ||
    (request.resourceSpans !== undefined && !Array.isArray(request.resourceSpans))
  ) {
    throw new HttpError("invalid_request", "body: not an ExportTraceServiceRequest (resourceSpans must be a list)");
  }
  try {
    return spansOf(request);
  } catch (error) {
    throw new HttpError("invalid_request", `body: malformed spans (${(error as Error).message})`);
  }
}
