import type { DataWindow } from "../scale/data-shape";
import type { LoadReport } from "../scale/load-scale-data";
import type { MetricsRange } from "../scale/query-speed";
import type { LabelUpdateReport } from "../outcomes/label-update";
import type { SlowQueriesOrWhyNot } from "../report/slow-queries";

/** The flag that makes the bench's entry (its bundle, or host-main.ts) run as an engine host instead of the bench. */
export const ENGINE_HOST_FLAG = "--engine-host";

/** What the bench asks an engine host (engine-host.ts) over the IPC channel, one call at a time. */
export interface EngineHostApi {
  /** The engine's version() and which engine the host runs (as serve picks it from the environment). */
  describe(): Promise<{ engine: "embedded" | "server"; version: string }>;
  /** A fresh database with the queries section's data set of `responses` (src/scale) over `window`, merged, and the largest tenant's labels marked evaluated. */
  load(args: { responses: number; window: DataWindow }): Promise<LoadReport>;
  /** Starts the roles `answerscope serve` starts on this warehouse; the collector's port. */
  serve(args: { roles: string[] }): Promise<{ collectorPort: number }>;
  /** One run of the metrics route over `range` on `tenantId` (the queries section's case). */
  metricsOnce(args: {
    tenantId: string;
    range: MetricsRange["name"];
    toMs: number;
  }): Promise<{ ms: number; rows: number }>;
  /** One label update after new events (the outcomes section's measure) on `tenantId`. */
  labelUpdate(args: { tenantId: string; events: number }): Promise<LabelUpdateReport>;
  /** Distinct responses stored of `tenantId`. */
  storedResponses(args: { tenantId: string }): Promise<number>;
  /** The slowest queries since `sinceMs` from system.query_log, or why they cannot be read on this engine. */
  slowQueries(args: { sinceMs: number }): Promise<SlowQueriesOrWhyNot>;
  /** Stops the roles, closes the warehouse; the host exits after answering. */
  stop(): Promise<void>;
}

export type HostRequest = { id: number; method: keyof EngineHostApi; args: unknown };
export type HostReply = { id: number; result?: unknown; error?: string };
