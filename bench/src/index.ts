// The benchmark's building blocks, for the smoke test (test/integration/bench-smoke.test.ts) and main.ts.
export * from "./stats";
export * from "./bench-warehouse";
export * from "./demo-fact-batches";
export * from "./scale/data-shape";
export * from "./scale/load-scale-data";
export * from "./scale/query-speed";
export * from "./scale/scale-section";
export * from "./outcomes/first-evaluation";
export * from "./outcomes/label-update";
export * from "./ingest/ingest-section";
export * from "./ingest/cpu-accounting";
export * from "./ingest/fact-counts";
export * from "./ingest/sink-limit";
export * from "./ingest/source-limit";
export * from "./ingest/produce";
export * from "./ingest/worker-processes";
export * from "./report/slow-queries";
