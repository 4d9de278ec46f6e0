import type { EventType } from "@answerscope/contracts";
import { createCollectorTransport, createKafkaTransport, type DemoTransport } from "@answerscope/demo";

/** Where imported events go: the same two paths any producer uses. */
export type DeliveryTarget =
  | {
      readonly kind: "kafka";
      readonly brokers: readonly string[];
      readonly topics?: Partial<Record<EventType, string | undefined>>;
    }
  | { readonly kind: "collector"; readonly url: string; readonly ingestKey: string };

export async function openTransport(target: DeliveryTarget, tenantId: string): Promise<DemoTransport> {
  if (target.kind === "kafka")
    return createKafkaTransport({ brokers: target.brokers, topics: target.topics, clientId: "answerscope-importer" });
  return createCollectorTransport({
    url: target.url,
    keys: new Map([[tenantId, target.ingestKey]]),
    maxBatchEvents: 500,
  });
}
