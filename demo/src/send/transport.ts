import type { DemoMessage } from "../scenario/demo-message";

/** One event the receiver refused, as the collector reports it. */
export type RejectedEvent = { readonly eventId: string | null; readonly reason: string };

/**
 * What became of one batch. Kafka has no per-event verdict at produce time (the ingest workers
 * validate later and dead-letter there), so a Kafka batch is all `accepted` once the brokers ack it.
 */
export type SendReport = { readonly accepted: number; readonly rejected: readonly RejectedEvent[] };

/** Where the demo sends its messages. `send` rejects only when the transport itself failed. */
export interface DemoTransport {
  /** For logs and the summary, e.g. `kafka 127.0.0.1:9092`; never includes a key. */
  readonly description: string;
  send(batch: readonly DemoMessage[]): Promise<SendReport>;
  close(): Promise<void>;
}
