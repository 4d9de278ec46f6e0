// Attribution metrics (docs/metrics.md "Attribution"): what an answer's outcome goes with.
export * from "./attribution-facts";
export * from "./attribution-counts";
export * from "./attribution-schema";
export * from "./attribution-result";
export * from "./figure";
export * from "./rank-correlation";
export * from "./signal-counts";
