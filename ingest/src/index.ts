export * from "./config";
export * from "./service";
export * from "./pipeline/pipeline";
export * from "./pipeline/batch-rows";
export * from "./kafka/messages";
export * from "./kafka/client";
export * from "./kafka/worker";
export * from "./kafka/offset-committer";
export * from "./sink/fact-buffer";
export * from "./sink/warehouse-writer";
export * from "./metrics";
// The OTLP trace receiver's decoding and mapping, for the bench's spans (no HTTP).
export { decodeSpans } from "./otlp/decode-request";
export { mapSpans } from "./otlp/map-spans";
export {
  ExportTraceServiceRequest,
  ExportTraceServiceResponse,
  type KeyValueObject,
  type SpanObject,
} from "./otlp/otlp-proto";
