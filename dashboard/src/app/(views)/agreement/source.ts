/** The labelling system this view compares with: the only one the importer sends (`answerscope import vikingbot`). */
export const AGREEMENT_SOURCE = "vikingbot";

/** How a matrix cell's verdict under the mapping reads. */
export const VERDICTS = {
  agree: { mark: "✓", title: "agree under the mapping" },
  disagree: { mark: "✗", title: "disagree under the mapping" },
  uncompared: {
    mark: "–",
    title: "not compared: Answerscope's label is not final, or the label is not in the mapping",
  },
} as const;

export const verdictOf = (agrees: boolean | null): keyof typeof VERDICTS =>
  agrees === null ? "uncompared" : agrees ? "agree" : "disagree";
