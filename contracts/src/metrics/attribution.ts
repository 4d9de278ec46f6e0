import { SMALL_SAMPLE } from "./catalog";

// The attribution metrics (docs/metrics.md "Attribution"): figures that relate an answer's outcome
// to what came before or after it, to its tools, its tokens and its latency, and the implicit
// signals around it (abandonment, the intensity of down ratings). They are not columns
// of a metrics row (one is per tool and query category, one per latency bucket), so they have
// their own catalog: the API's schema descriptions, the generated docs table and the reference
// suite's list derive from it. Browser-safe, like catalog.ts.

/** What a reader needs to know to trust one attribution figure; every text is Markdown for the docs. */
export interface AttributionDefinition {
  label: string;
  /** What the figure divides (per tool × category, or per bucket, where the figure has rows). */
  numerator: string;
  denominator: string;
  /** Below this many in the denominator the figure is `insufficient_sample`: null, never 0. */
  minSample: number;
  /** The stored facts it reads. */
  facts: string;
  /** Which time puts an answer in the range. */
  time: string;
  /** What the dimension filters select. */
  slices: string;
  better: "higher" | "lower";
}

/** Lower edges (ms) of the latency buckets of latency_vs_feedback_correlation; the last is open-ended. */
export const LATENCY_BUCKET_EDGES_MS = [0, 1_000, 3_000, 10_000, 30_000] as const;

const EVERY_DIMENSION = "the answer's dimensions (every dimension of the metrics route filters)";
const ANSWER_TIME = "the answer's `occurred_at` (current version) in `[from, to)`";

export const ATTRIBUTION_CATALOG = {
  recover_after_negative_rate: {
    label: "Recovery after a negative answer",
    numerator: "negative answers whose follow-up is labelled `excellent` or `good`",
    denominator:
      "negative answers (rated `down`, or labelled `bad`) whose follow-up has a final label; those without a follow-up once their window closed are `no_next_answer`, those with an open window or a pending follow-up `pending`",
    minSample: SMALL_SAMPLE,
    facts: "the current outcome labels of the negative answers and of their follow-ups (any time)",
    time: "the negative answer's `occurred_at` in `[from, to)`; its follow-up may come after `to`",
    slices: "the negative answer's dimensions",
    better: "higher",
  },
  tokens_per_positive_answer: {
    label: "Tokens per positive answer",
    numerator: "sum of `total_tokens` of the answers whose label is final (pending answers are left out)",
    denominator: "answers labelled `excellent` or `good`",
    minSample: SMALL_SAMPLE,
    facts: "the current response versions and their outcome labels",
    time: ANSWER_TIME,
    slices: EVERY_DIMENSION,
    better: "lower",
  },
  tool_helpfulness_rate_by_name: {
    label: "Tool helpfulness",
    numerator:
      "per tool and `query_category`, on each side: answers labelled `excellent` or `good`, with a Wilson 95 % interval",
    denominator:
      "answers of that `query_category` with a final label whose `tools_used_names` contains the tool (used; a tool named twice counts once) vs those whose list does not (not used)",
    minSample: SMALL_SAMPLE,
    facts: "the current response versions (`tools_used_names`, `query_category`) and their outcome labels",
    time: ANSWER_TIME,
    slices: `${EVERY_DIMENSION}; both sides of a comparison are filtered alike`,
    better: "higher",
  },
  latency_vs_feedback_correlation: {
    label: "Latency vs feedback",
    numerator:
      "per `time_cost_ms` bucket: answers rated `down` (thumbs-down rate); answers labelled `excellent` or `good` (good-answer rate)",
    denominator:
      "per bucket: answers with an explicit rating; answers whose label is final. The rank correlation: Spearman's ρ (tied values share their average rank) of `time_cost_ms` with rated `down` (1) vs `up` or `neutral` (0) over the rated answers, and with `excellent`/`good` (1) vs any other final label (0) over the answers with a final label; its sample size is those answers, and it is null when either side does not vary",
    minSample: SMALL_SAMPLE,
    facts: "the current response versions (`time_cost_ms`) and their outcome labels (explicit rating, label)",
    time: ANSWER_TIME,
    slices: EVERY_DIMENSION,
    better: "lower",
  },
  abandonment_rate: {
    label: "Abandonment after a bad or neutral answer",
    numerator:
      "bad or neutral answers the user left without a word: the answer they were left with (the follow-up, or the answer itself when it has none) got no follow-up and no explicit rating",
    denominator:
      "answers labelled `bad` or `neutral` whose left-with answer's window is closed; those whose own or whose follow-up's window is still open are `pending`",
    minSample: SMALL_SAMPLE,
    facts:
      "the current outcome labels (follow-up, window, explicit rating) of the bad and neutral answers and of their follow-ups (any time)",
    time: "the bad or neutral answer's `occurred_at` in `[from, to)`; its follow-up may come after `to`",
    slices: "the bad or neutral answer's dimensions",
    better: "lower",
  },
  down_rating_severity: {
    label: "Severity of down ratings",
    numerator: "sum of the `severity` (1..5) of the current `down` ratings that carry one",
    denominator:
      "answers whose current explicit rating (their owner's, on the `chat_message`) is `down` with a `severity`; `rated_down` also counts those without one",
    minSample: SMALL_SAMPLE,
    facts:
      "the owners' current `chat_message` ratings (the latest accepted action's `rating` and `severity`); no outcome label",
    time: "the rated answer's `occurred_at` in `[from, to)`; the rating at any time",
    slices: "the rated answer's dimensions",
    better: "lower",
  },
  repeated_down_rate: {
    label: "Repeated down ratings",
    numerator:
      "rated answers whose owner sent `down` in more than one accepted rating action on the answer (a revision, or a re-rating after `cleared`; a retry is the same action, a conflicting event none)",
    denominator: "answers with a current explicit rating (their owner's, on the `chat_message`, not `cleared`)",
    minSample: SMALL_SAMPLE,
    facts: "the owners' accepted `chat_message` rating actions, every one of them; no outcome label",
    time: "the rated answer's `occurred_at` in `[from, to)`; the actions at any time",
    slices: "the rated answer's dimensions",
    better: "lower",
  },
} as const satisfies Record<string, AttributionDefinition>;

export type AttributionMetricName = keyof typeof ATTRIBUTION_CATALOG;
export const ATTRIBUTION_METRICS = Object.keys(ATTRIBUTION_CATALOG) as AttributionMetricName[];

/**
 * Why a figure has no value, or `ok`: `labels_unavailable` when labels cover none of the range,
 * `no_data` when its denominator is 0, `insufficient_sample` below minSample, `no_variation` for a
 * correlation whose latency or outcome never varies.
 */
export const FIGURE_STATUSES = ["ok", "insufficient_sample", "no_data", "no_variation", "labels_unavailable"] as const;
export type FigureStatus = (typeof FIGURE_STATUSES)[number];
