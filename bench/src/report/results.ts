import type { FreshnessReport } from "../freshness/freshness";
import type { IngestReport } from "../ingest/ingest-section";
import type { Section } from "../cli-options";
import type { MachineDescription } from "../machine";
import type { FirstEvaluationReport } from "../outcomes/first-evaluation";
import type { LabelUpdateReport } from "../outcomes/label-update";
import type { ScaleSection } from "../scale/scale-section";
import type { SlowQuery } from "./slow-queries";

/** bench-results.json: every section is optional, because `--only` and failures leave some out. */
export interface BenchResults {
  machine: MachineDescription;
  options: Record<string, unknown>;
  scale?: ScaleSection;
  first_evaluation?: FirstEvaluationReport;
  label_update?: LabelUpdateReport;
  ingest?: IngestReport;
  freshness?: FreshnessReport;
  exporter?: unknown;
  /** From system.query_log, per section: where the time went. */
  slowest_queries: Record<string, SlowQuery[]>;
  /** Sections that failed, with their error, so a partial run says what it lacks. */
  errors: Record<string, string>;
  /** Sections this run did not measure (`--only`), kept from an earlier run, with when that run measured them. */
  earlier_sections?: Partial<Record<Section, string>>;
}
