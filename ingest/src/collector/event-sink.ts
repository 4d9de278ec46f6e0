import { emptyFactBatch, rejectedRow, type FactBatch, type Rejection } from "@answerscope/warehouse";
import type { Producer } from "kafkajs";
import { messageKeyOf, type EventInput } from "@answerscope/contracts";
import { toDeadLetterMessage } from "../kafka/messages";
import { addFactRow } from "../pipeline/batch-rows";
import type { FactRow } from "../pipeline/steps/to-fact-row";
import type { RowBuffer } from "../sink/fact-buffer";

export interface AcceptedEvent {
  raw: string;
  eventType: string;
  fact: FactRow;
}

/** Where the collector hands events on: straight to the warehouse, or to Kafka. Resolves once durable. */
export interface EventSink {
  handOff(accepted: AcceptedEvent[], rejected: Rejection[]): Promise<void>;
}

/** Single-node mode: the same rows the workers would write, through the same buffer. */
export function warehouseEventSink(buffer: RowBuffer): EventSink {
  return {
    async handOff(accepted, rejected) {
      const batch: FactBatch = emptyFactBatch();
      for (const { fact } of accepted) addFactRow(batch, fact);
      batch.rejected.push(...rejected.map(rejectedRow));
      await buffer.add(batch);
    },
  };
}

/** Kafka mode: the original event text goes to its topic (workers validate it again), rejections to the DLQ. */
export function kafkaEventSink(producer: Producer, topics: Record<string, string>, dlqTopic: string): EventSink {
  return {
    async handOff(accepted, rejected) {
      const byTopic = new Map<string, { key: string | null; value: string }[]>();
      for (const event of accepted) {
        const topic = topics[event.eventType];
        if (!topic) throw new Error(`no topic configured for ${event.eventType}`);
        const messages = byTopic.get(topic) ?? [];
        messages.push({ key: messageKeyOf(JSON.parse(event.raw) as EventInput), value: event.raw });
        byTopic.set(topic, messages);
      }
      if (rejected.length > 0) byTopic.set(dlqTopic, rejected.map(toDeadLetterMessage));
      if (byTopic.size === 0) return;
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    },
  };
}
