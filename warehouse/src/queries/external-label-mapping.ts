import { GOOD_OR_BETTER_LABELS, type OutcomeLabel } from "./query-input";

/**
 * Which Answerscope labels (docs/metrics.md) count as agreeing with a foreign label, per source.
 * Deliberately a set per foreign label, not a one-to-one translation: the two rules differ on
 * purpose (docs/vikingbot.md, last section), and a pair outside the set is a place where they
 * disagree, which is what the agreement table is for. A foreign label not listed here (vikingbot's
 * `follow_up`, which its documented rule never produces, or any label of an unknown source) is shown
 * in the matrix but not compared.
 */
export interface ExternalLabelRule {
  /** Answerscope's labels that mean the same verdict. */
  agreeing: readonly OutcomeLabel[];
  /** The foreign rule and the Answerscope rules it corresponds to, in a sentence. */
  meaning: string;
}

export const EXTERNAL_LABEL_MAPPINGS: Readonly<Record<string, Readonly<Record<string, ExternalLabelRule>>>> = {
  vikingbot: {
    positive_feedback: {
      agreeing: GOOD_OR_BETTER_LABELS,
      meaning:
        "latest feedback thumb_up or rating > 0 ↔ explicit rating up (excellent without, good with a failed tool call)",
    },
    negative_feedback: {
      agreeing: ["bad"],
      meaning: "latest feedback thumb_down or rating < 0 ↔ explicit rating down (bad, rated_down)",
    },
    reasked: {
      agreeing: ["bad", "neutral"],
      meaning:
        "any later user message within 10 minutes ↔ a follow-up within 600 s: bad when it re-asks by phrase, neutral otherwise",
    },
    resolved: {
      agreeing: ["good"],
      meaning: "no later user message ↔ window closed without a follow-up (good, window_closed_no_followup)",
    },
    follow_up_without_feedback: {
      agreeing: ["good"],
      meaning:
        "a later user message only after 10 minutes is no follow-up for Answerscope either (good, window_closed_no_followup)",
    },
  },
};

/** The rule of `label` from `source`, or null when the pair is not compared. */
export function externalLabelRule(source: string, label: string): ExternalLabelRule | null {
  const rules = Object.hasOwn(EXTERNAL_LABEL_MAPPINGS, source) ? EXTERNAL_LABEL_MAPPINGS[source]! : null;
  return rules && Object.hasOwn(rules, label) ? rules[label]! : null;
}
