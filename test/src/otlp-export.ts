import { OTLPTraceExporter as HttpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-node";

/** The two OTLP/HTTP exporters of the OpenTelemetry JS SDK: JSON (exporter-trace-otlp-http) and protobuf (exporter-trace-otlp-proto). */
export const OTLP_EXPORTERS = {
  json: (url: string, headers: Record<string, string>) => new HttpJsonExporter({ url, headers }),
  "protobuf+gzip": (url: string, headers: Record<string, string>) =>
    new ProtoExporter({ url, headers, compression: "gzip" as never }),
} as const;
export type ExporterName = keyof typeof OTLP_EXPORTERS;

/**
 * A tracer of the real SDK whose finished spans are kept in memory, to be exported when the test
 * says. `register`: also the process's context manager (as NodeSDK sets up), which code that
 * parents spans through the active context (the AI SDK) needs; once per test file.
 */
export function recordingTracer(resource: Record<string, string> = {}, { register = false } = {}) {
  const memory = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": "otlp-test-agent", ...resource }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  if (register) provider.register();
  return {
    tracer: provider.getTracer("answerscope-otlp-test"),
    provider,
    spans: () => memory.getFinishedSpans(),
    reset: () => memory.reset(),
  };
}

/** Exports spans with one of the SDK's exporters; resolves with the exporter's result (code 0: success). */
export async function exportSpans(
  name: ExporterName,
  url: string,
  key: string,
  spans: ReadableSpan[],
): Promise<{ code: number; error?: Error }> {
  const exporter = OTLP_EXPORTERS[name](url, { Authorization: `Bearer ${key}` });
  try {
    return await new Promise((resolve) => exporter.export(spans, resolve));
  } finally {
    await exporter.shutdown();
  }
}

/** The protobuf body the proto exporter would send for these spans (to send it altered). */
export const protobufBody = (spans: ReadableSpan[]): Uint8Array => ProtobufTraceSerializer.serializeRequest(spans)!;

/** The OTLP/JSON body the http exporter would send for these spans. */
export const jsonBody = (spans: ReadableSpan[]): Uint8Array => JsonTraceSerializer.serializeRequest(spans)!;
