import { makeExternalOutcome } from "@answerscope/contracts";
import { evaluateOutcomes, type Warehouse } from "@answerscope/warehouse";
import { generateEdgeCaseDataset, type EdgeCaseDataset } from "../reference";
import { loadThroughSink } from "./load-through-sink";
import { createTestWarehouse } from "./warehouse";

/**
 * The reference edge-case data set (seed 42, whatever REF_SEED says) on a fixed time base, so that
 * every answer of the query API over it is the same on every run: events arrive from ARRIVALS_FROM
 * on, the evaluator labels as of EVALUATED_AS_OF. On top of the data set: vikingbot labels for
 * some of t-acme's responses (for /label-agreement) and a few events the pipeline rejects (for
 * /rejected). The evaluator's run time is the one wall-clock stamp left (snapshot tests normalise it).
 */
export const ARRIVALS_FROM = Date.parse("2026-12-02T00:00:00.000Z");
export const EVALUATED_AS_OF = Date.parse("2026-12-03T00:00:00.000Z");
const SEED = 42;

const VIKINGBOT_LABELS = [
  "positive_feedback",
  "negative_feedback",
  "reasked",
  "resolved",
  "follow_up_without_feedback",
  "follow_up",
];

/** vikingbot's label on every 5th of t-acme's responses (by id), one minute after the response. */
function vikingbotLabels(dataset: EdgeCaseDataset): object[] {
  const responses = new Map<string, string>();
  for (const event of dataset.events as {
    event_type: string;
    tenant_id: string;
    response_id?: string;
    occurred_at: string;
  }[]) {
    if (event.event_type === "response_completed" && event.tenant_id === "t-acme" && !responses.has(event.response_id!))
      responses.set(event.response_id!, event.occurred_at);
  }
  return [...responses.keys()]
    .sort()
    .filter((_, index) => index % 5 === 0)
    .map((responseId, index) =>
      makeExternalOutcome({
        event_id: `x-ev-${index}`,
        tenant_id: "t-acme",
        response_id: responseId,
        occurred_at: new Date(Date.parse(responses.get(responseId)!) + 60_000).toISOString(),
        label: VIKINGBOT_LABELS[index % VIKINGBOT_LABELS.length]!,
      }),
    );
}

/** Events the pipeline rejects, each for another reason, in both tenants. */
function rejectedEvents(dataset: EdgeCaseDataset): object[] {
  const good = dataset.events.find(
    (event) => event.event_type === "response_completed" && event.tenant_id === "t-acme",
  )!;
  return [
    { ...good, event_id: "bad-1", schema_version: 2 },
    { ...good, event_id: "bad-2", model: undefined },
    { ...good, event_id: "bad-3", time_cost_ms: "fast" },
    { ...good, event_id: "bad-4", time_cost_ms: -1, query_text: "长".repeat(3000) },
    { ...good, event_id: "bad-5", tenant_id: "t-globex", schema_version: 3 },
  ];
}

export async function loadSnapshotDataset(prefix: string): Promise<{ warehouse: Warehouse; dataset: EdgeCaseDataset }> {
  const dataset = generateEdgeCaseDataset(SEED);
  const { warehouse } = await createTestWarehouse(prefix);
  await loadThroughSink(warehouse, [...dataset.events, ...vikingbotLabels(dataset), ...rejectedEvents(dataset)], 250, {
    receivedAtMs: ARRIVALS_FROM,
  });
  await evaluateOutcomes(warehouse, { settleMs: 0, now: EVALUATED_AS_OF });
  return { warehouse, dataset };
}
