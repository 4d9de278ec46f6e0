// Read queries behind the query API (one file per route; query-input.ts is exported by the package index).
export * from "./query-range";
export * from "./trace-url";
export * from "./sample-cursor";
export * from "./proportion-tests";
export * from "./matching-responses";
export * from "./metrics-result-schema";
export * from "./compare-metrics";
export * from "./query-tools";
export * from "./feedback-share-in-range";
export * from "./query-feedback-targets";
export * from "./query-compare";
export * from "./query-rejected";
export * from "./response-facts";
export * from "./tool-call-detail";
export * from "./feedback-event-detail";
export * from "./query-samples";
export * from "./query-response";
export * from "./query-diagnostic";
export * from "./query-feedback-reasons";
export * from "./external-label-mapping";
export * from "./query-label-agreement";
export * from "./query-label-agreement-samples";
// The attribution route reads its own folder (../attribution/README.md); exported with the other routes.
export * from "../attribution/index";
