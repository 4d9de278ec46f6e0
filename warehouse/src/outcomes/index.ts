// The outcome evaluator (docs/metrics.md, "Outcome label of one response") and label readers.
export * from "./label-rules";
export * from "./reask-match";
export * from "./current-labels";
export * from "./label-writes";
export * from "./candidates";
export * from "./changed-labels";
export * from "./read-bounds";
export * from "./watermarks";
export * from "./evaluate-outcomes";
export * from "./chunk-progress";
export * from "./runner";
export * from "./session-prev";
export * from "./label-row-counts";
export * from "./outcome-rollup";
// How far the evaluator has got per tenant, and its last error (label-freshness/, issue 46).
export * from "../label-freshness/index";
