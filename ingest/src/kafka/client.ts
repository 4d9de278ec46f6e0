import { Kafka, logLevel, type Producer } from "kafkajs";

export function createKafka(brokers: string[], clientId: string): Kafka {
  return new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    retry: { initialRetryTime: 200, retries: 8 },
  });
}

/** Producer for durable hand-off: every send waits for all in-sync replicas (acks -1). */
export async function connectProducer(kafka: Kafka): Promise<Producer> {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  return producer;
}
