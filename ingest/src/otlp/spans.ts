import type { AnyValueObject, ExportTraceServiceRequestObject, KeyValueObject, SpanObject } from "./otlp-proto";

/** An attribute value as JavaScript: OTLP's AnyValue without its wrapper (int64 as a number). */
export type AttrValue = string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue };
export type Attributes = Record<string, AttrValue>;

/** OTLP's Status.code. */
export const STATUS_ERROR = 2;

/** One span of an export with what the mapping reads, ids as lower-case hex whichever the encoding. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  startNs: bigint;
  endNs: bigint;
  attributes: Attributes;
  status: { code: number; message: string | undefined };
  /** Span events (e.g. `exception` with `exception.type` and `exception.message`). */
  events: { name: string; attributes: Attributes }[];
  /** The attributes of the resource that sent the span (`service.version`, ...). */
  resource: Attributes;
}

function anyValue(value: AnyValueObject | undefined): AttrValue {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(anyValue);
  if (value.kvlistValue !== undefined) return keyValues(value.kvlistValue.values);
  if (value.bytesValue !== undefined)
    return typeof value.bytesValue === "string" ? value.bytesValue : Buffer.from(value.bytesValue).toString("base64");
  return null;
}

export function keyValues(list: KeyValueObject[] | undefined): Attributes {
  const attributes: Attributes = {};
  for (const item of list ?? []) attributes[item.key] = anyValue(item.value);
  return attributes;
}

/** protobuf carries ids as bytes, OTLP/JSON as hex (case-insensitive); an empty id is absent. */
function hexId(id: Uint8Array | string | undefined): string | undefined {
  if (id === undefined || id.length === 0) return undefined;
  return typeof id === "string" ? id.toLowerCase() : Buffer.from(id).toString("hex");
}

const nanos = (value: string | number | undefined): bigint => {
  try {
    return BigInt(value ?? 0);
  } catch {
    return 0n; // not an integer: the span's duration is then unknown, see timing in map-turn
  }
};

function toSpan(span: SpanObject, resource: Attributes): OtlpSpan {
  return {
    traceId: hexId(span.traceId) ?? "",
    spanId: hexId(span.spanId) ?? "",
    parentSpanId: hexId(span.parentSpanId),
    name: span.name ?? "",
    startNs: nanos(span.startTimeUnixNano),
    endNs: nanos(span.endTimeUnixNano),
    attributes: keyValues(span.attributes),
    status: { code: Number(span.status?.code ?? 0), message: span.status?.message || undefined },
    events: (span.events ?? []).map((event) => ({ name: event.name ?? "", attributes: keyValues(event.attributes) })),
    resource,
  };
}

/** Every span of an ExportTraceServiceRequest (decoded from either encoding), with its resource's attributes. */
export function spansOf(request: ExportTraceServiceRequestObject): OtlpSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = keyValues(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => toSpan(span, resource)),
    );
  });
}
