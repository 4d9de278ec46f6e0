// Public API of @answerscope/demo: the seeded generator of realistic event streams and the two
// transports that deliver them, for tests, benchmarks and the CLI (cli.ts).

export { generateDemoEvents } from './scenario/generate-events.js';
export { SCENARIO_DEFAULTS, resolveScenario } from './scenario/scenario-options.js';
export type { ResolvedScenario, ScenarioOptions, ScenarioTime } from './scenario/scenario-options.js';
export { toDemoMessage } from './scenario/demo-message.js';
export type { DemoMessage } from './scenario/demo-message.js';
export { MALFORMED_DEFECTS, REJECTION_KIND_OF_DEFECT, corruptEvent } from './scenario/malformed/corrupt-event.js';
export type { MalformedDefect } from './scenario/malformed/corrupt-event.js';
export { SeededRandom } from './random/seeded-random.js';
export { demoTraceUrlTemplate } from './trace-link-template.js';
export { DEMO_VIKINGBOT_SHARE, parseCliConfig, scenarioOf } from './cli/cli-config.js';
export type { CliConfig } from './cli/cli-config.js';

export type { DemoTransport, RejectedEvent, SendReport } from './send/transport.js';
export { createKafkaTransport, topicMessagesOf, topicsWith } from './send/kafka-transport.js';
export type { KafkaProducer, KafkaTransportOptions } from './send/kafka-transport.js';
export { CollectorError, createCollectorTransport } from './send/collector-transport.js';
export type { CollectorTransportOptions } from './send/collector-transport.js';
export { batchesOf } from './send/batches.js';
export type { BatchOptions, Clock } from './send/batches.js';
export { sendStream } from './send/send-stream.js';
export type { SendProgress, SendStreamOptions, SendSummary } from './send/send-stream.js';
