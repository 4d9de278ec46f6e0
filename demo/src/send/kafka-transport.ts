import { DEFAULT_TOPICS, EVENT_TYPES, type EventType } from "@answerscope/contracts";
import { Kafka, logLevel, Partitioners, type Producer, type TopicMessages } from "kafkajs";
import type { DemoMessage } from "../scenario/demo-message";
import type { DemoTransport, SendReport } from "./transport";

/** The producer calls the transport makes; a test passes a fake. */
export type KafkaProducer = Pick<Producer, "connect" | "disconnect" | "sendBatch">;

export type KafkaTransportOptions = {
  readonly brokers: readonly string[];
  /** Topic per event kind; absent kinds use the contract's default topics. */
  readonly topics?: Partial<Record<EventType, string | undefined>>;
  readonly clientId?: string;
  /** Instead of a kafkajs producer for `brokers` (tests). */
  readonly producer?: KafkaProducer;
};

function createProducer(brokers: readonly string[], clientId: string): KafkaProducer {
  // Five retries (about 10 s) before giving up: a demo with a wrong address should say so soon.
  const kafka = new Kafka({
    clientId,
    brokers: [...brokers],
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 200, retries: 5 },
  });
  // Not idempotent: the local mock broker cannot serve it, and duplicates are harmless anyway
  // (the pipeline deduplicates by event_id). Topics are created by the stack, never by the demo.
  // The Java-compatible partitioner (kafkajs' v2 default, named to silence its notice) puts a
  // key on the same partition as Java or librdkafka producers would.
  return kafka.producer({ allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
}

/** The contract's default topics, replaced per kind by the overrides that are set. */
export function topicsWith(overrides: Partial<Record<EventType, string | undefined>> = {}): Record<EventType, string> {
  const topics: Record<EventType, string> = { ...DEFAULT_TOPICS };
  for (const kind of EVENT_TYPES) topics[kind] = overrides[kind] || topics[kind];
  return topics;
}

/** Groups a batch by topic, keeping the stream's order within each topic. */
export function topicMessagesOf(
  batch: readonly DemoMessage[],
  topics: Readonly<Record<EventType, string>>,
): TopicMessages[] {
  const byTopic = new Map<string, TopicMessages["messages"]>();
  for (const message of batch) {
    const topic = topics[message.kind];
    const messages = byTopic.get(topic) ?? [];
    messages.push({ key: message.key, value: message.value });
    byTopic.set(topic, messages);
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

/** Produces to Kafka, one sendBatch per batch, acknowledged by all in-sync replicas (acks -1). */
export async function createKafkaTransport(options: KafkaTransportOptions): Promise<DemoTransport> {
  const topics = topicsWith(options.topics);
  const producer = options.producer ?? createProducer(options.brokers, options.clientId ?? "answerscope-demo");
  await producer.connect();
  return {
    description: `kafka ${options.brokers.join(",")}`,
    async send(batch): Promise<SendReport> {
      if (batch.length === 0) return { accepted: 0, rejected: [] };
      await producer.sendBatch({ acks: -1, topicMessages: topicMessagesOf(batch, topics) });
      return { accepted: batch.length, rejected: [] };
    },
    close: () => producer.disconnect(),
  };
}
