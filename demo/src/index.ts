// Public API of @answerscope/demo: the seeded generator of realistic event streams and the two
// transports that deliver them, for tests, benchmarks and the CLI (cli.ts).

export { generateDemoEvents } from "./scenario/generate-events";
export { SCENARIO_DEFAULTS, resolveScenario } from "./scenario/scenario-options";
export type { ResolvedScenario, ScenarioOptions, ScenarioTime } from "./scenario/scenario-options";
export { toDemoMessage } from "./scenario/demo-message";
export type { DemoMessage } from "./scenario/demo-message";
export { MALFORMED_DEFECTS, REJECTION_KIND_OF_DEFECT, corruptEvent } from "./scenario/malformed/corrupt-event";
export type { MalformedDefect } from "./scenario/malformed/corrupt-event";
export { SeededRandom } from "./random/seeded-random";
export { demoTraceUrlTemplate } from "./trace-link-template";
export { DEMO_VIKINGBOT_SHARE, parseCliConfig, scenarioOf } from "./cli/cli-config";
export type { CliConfig } from "./cli/cli-config";

export type { DemoTransport, RejectedEvent, SendReport } from "./send/transport";
export { createKafkaTransport, topicMessagesOf, topicsWith } from "./send/kafka-transport";
export type { KafkaProducer, KafkaTransportOptions } from "./send/kafka-transport";
export { CollectorError, createCollectorTransport } from "./send/collector-transport";
export type { CollectorTransportOptions } from "./send/collector-transport";
export { batchesOf } from "./send/batches";
export type { BatchOptions, Clock } from "./send/batches";
export { sendStream } from "./send/send-stream";
export type { SendProgress, SendStreamOptions, SendSummary } from "./send/send-stream";
