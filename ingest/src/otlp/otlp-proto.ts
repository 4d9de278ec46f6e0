import { createRequire } from "node:module";
import protobuf from "protobufjs/light.js";

/**
 * The OTLP protobuf messages, from the protobufjs code the OpenTelemetry JS project generated from
 * opentelemetry-proto for @opentelemetry/otlp-transformer (its 0.208 build is the last to ship it,
 * installed under the alias otlp-transformer-protobufjs). Its typings only say "a Root", hence the
 * narrow interfaces below.
 */
interface MessageType<T> {
  decode(body: Uint8Array): unknown;
  toObject(message: unknown, options: { longs: StringConstructor }): T;
  fromObject(object: T): unknown;
  encode(message: unknown): { finish(): Uint8Array };
}

/** An OTLP AnyValue, as protobufjs's toObject and OTLP/JSON both spell it. */
export interface AnyValueObject {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: AnyValueObject[] };
  kvlistValue?: { values?: KeyValueObject[] };
  bytesValue?: Uint8Array | string;
}
export interface KeyValueObject {
  key: string;
  value?: AnyValueObject;
}
/** Ids are bytes from protobuf, hex strings in OTLP/JSON; longs are strings (toObject's `longs: String`) or numbers. */
export interface SpanObject {
  traceId?: Uint8Array | string;
  spanId?: Uint8Array | string;
  parentSpanId?: Uint8Array | string;
  name?: string;
  kind?: number;
  startTimeUnixNano?: string | number;
  endTimeUnixNano?: string | number;
  attributes?: KeyValueObject[];
  events?: { name?: string; attributes?: KeyValueObject[] }[];
  status?: { code?: number; message?: string };
}
export interface ExportTraceServiceRequestObject {
  resourceSpans?: { resource?: { attributes?: KeyValueObject[] }; scopeSpans?: { spans?: SpanObject[] }[] }[];
}
export interface ExportTraceServiceResponseObject {
  partialSuccess?: { rejectedSpans?: number; errorMessage?: string };
}

/** The generated protobufjs root, typed only as far as the two messages used here. */
type GeneratedRoot = { opentelemetry: { proto: { collector: { trace: { v1: Record<string, unknown> } } } } };
const traceV1 = (
  createRequire(import.meta.url)("otlp-transformer-protobufjs/build/src/generated/root.js") as GeneratedRoot
).opentelemetry.proto.collector.trace.v1;
export const ExportTraceServiceRequest =
  traceV1.ExportTraceServiceRequest as MessageType<ExportTraceServiceRequestObject>;
export const ExportTraceServiceResponse =
  traceV1.ExportTraceServiceResponse as MessageType<ExportTraceServiceResponseObject>;

/**
 * google.rpc.Status, the body of an OTLP/HTTP error reply. The generated code above has only the
 * opentelemetry.proto messages, so it is declared here through protobufjs's reflection, with the
 * field numbers of google/rpc/status.proto (details, field 3, is never sent).
 */
export const RpcStatus = new protobuf.Type("Status")
  .add(new protobuf.Field("code", 1, "int32"))
  .add(new protobuf.Field("message", 2, "string")) as unknown as MessageType<{ code: number; message: string }>;
