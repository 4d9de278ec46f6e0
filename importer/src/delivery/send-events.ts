import type { DemoMessage, DemoTransport, RejectedEvent } from "@answerscope/demo";

/**
 * Well under the collector's default body limit (5 MiB): one event may be up to 256 KiB, so
 * batches are cut by bytes as well as by count.
 */
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
const MAX_BATCH_EVENTS = 500;

export function* batchesBySize(messages: readonly DemoMessage[]): Generator<DemoMessage[]> {
  let batch: DemoMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = Buffer.byteLength(message.value, "utf8") + 1;
    if (batch.length > 0 && (bytes + size > MAX_BATCH_BYTES || batch.length >= MAX_BATCH_EVENTS)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(message);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

/** Sends in size-bounded batches; throws when the transport fails (what was acknowledged before is in `onBatch`). */
export async function sendEvents(
  messages: readonly DemoMessage[],
  transport: DemoTransport,
  onBatch: (batch: readonly DemoMessage[], accepted: number, rejected: readonly RejectedEvent[]) => void,
): Promise<void> {
  for (const batch of batchesBySize(messages)) {
    const report = await transport.send(batch);
    onBatch(batch, report.accepted, report.rejected);
  }
}
