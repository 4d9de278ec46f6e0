import { z } from "zod";
import { TEXT_LIMITS } from "../limits";
import { redactSecretValues } from "../redaction/redact-secret-values";
import { redactSecrets } from "../redaction/redact-secrets";
import { truncateChars } from "../text/truncate";
import { envelopeShape, withNormalizedTime } from "./envelope";
import { requiredString } from "./fields";

/**
 * Names a labelling system (`vikingbot`): lower case, so `VikingBot` and `vikingbot` cannot
 * become two sources of one bot's labels; it is also a value the query API filters on.
 */
export const EXTERNAL_SOURCE_PATTERN = /^[a-z0-9_.-]{1,64}$/;

/** An evidence value: what a labeller records about why (flags, counts, the feedback it read). */
const evidenceValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * Evidence is kept for reading, never computed on: one flat JSON object serialized with
 * credential-like keys and secret shapes redacted, then truncated, as tool arguments are.
 */
const evidence = z
  .record(z.string().min(1).max(64), evidenceValue)
  .nullish()
  .transform((values) =>
    values == null
      ? null
      : truncateChars(redactSecrets(JSON.stringify(redactSecretValues(values))), TEXT_LIMITS.evidence_json),
  )
  .describe(
    "Flat JSON object of the labeller’s evidence (strings, numbers, booleans, null); stored serialized, secrets redacted, truncated to 2000 characters.",
  );

/**
 * An outcome label that another system (a bot's own evaluator) gave one response, kept beside
 * Answerscope's own label so the two can be compared. The label stays in the source's vocabulary:
 * translating it would hide where the rules differ. A re-evaluation is a new event with a later
 * `occurred_at` (when it was evaluated); per tenant, source and response the latest one counts.
 */
export const externalOutcomeRecordedSchema = z
  .object({
    ...envelopeShape("external_outcome_recorded"),
    response_id: requiredString(128).describe("The labelled answer (its response_completed.response_id)."),
    source: requiredString(64)
      .regex(EXTERNAL_SOURCE_PATTERN)
      .describe("The labelling system, lower case [a-z0-9_.-], e.g. vikingbot."),
    label: requiredString(64).describe("The label in the source’s own vocabulary, e.g. positive_feedback or reasked."),
    evidence,
  })
  .meta({
    title: "external_outcome_recorded",
    description: "An outcome label another system gave one response; occurred_at is when it was evaluated.",
  })
  .transform((parsed) => {
    const evidenceJson = parsed.evidence;
    // Completed in place (withNormalizedTime says why); `evidence` leaves as its stored form.
    const event = withNormalizedTime(parsed) as Omit<typeof parsed, "evidence"> & {
      evidence?: unknown;
      occurred_at_ms: number;
      evidence_json: string | null;
    };
    delete event.evidence;
    event.evidence_json = evidenceJson;
    // The assertion is the transform's output type (no `evidence`); the rule reads the return as a receiver.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    return event as Omit<typeof event, "evidence">;
  });

export type ExternalOutcomeRecordedInput = z.input<typeof externalOutcomeRecordedSchema>;
export type ExternalOutcomeRecorded = z.output<typeof externalOutcomeRecordedSchema>;
