import type { FreshnessReport } from "../freshness/freshness";
import type { IngestReport } from "../ingest/ingest-section";
import type { Section } from "../cli-options";
import type { MachineDescription } from "../machine";
import type { FirstEvaluationReport } from "../outcomes/first-evaluation";
import type { LabelUpdateReport } from "../outcomes/label-update";
import type { ScaleSection } from "../scale/scale-section";
import type { ExporterReport } from "../exporter/exporter-section";
import type { EnginesReport } from "../engines/engines-section";
import type { SlowQuery } from "./slow-queries";
import type { SdkOverheadReport } from "../sdk/sdk-overhead";
import type { OtlpReport } from "../otlp/otlp-section";
import type { ViewsReport } from "../views/views-section";

/** bench-results.json: every section is optional, because `--only` and failures leave some out. */
export interface BenchResults {
  /** The machine of the run that wrote this file. */
  machine: MachineDescription;
  /** Sections carried over from earlier runs (`--only`), with the machine each was measured on. */
  section_machines?: Partial<Record<Section, MachineDescription>>;
  options: Record<string, unknown>;
  scale?: ScaleSection;
  first_evaluation?: FirstEvaluationReport;
  label_update?: LabelUpdateReport;
  /** The label update with new events at the end of the previous month: its read bounds keep a whole month's partition. */
  label_update_month_end?: LabelUpdateReport;
  ingest?: IngestReport;
  freshness?: FreshnessReport;
  exporter?: ExporterReport;
  /** Embedded ClickHouse 26.x against the ClickHouse server, in one run. */
  engines?: EnginesReport;
  /** @answerscope/sdk's CPU per event in the calling process. */
  sdk?: SdkOverheadReport;
  /** OTLP spans/s through POST /v1/traces against JSON events/s through POST /v1/events. */
  otlp?: OtlpReport;
  /** Navigation to figures visible of each dashboard view in Chromium, 24 h and 90 d. */
  views?: ViewsReport;
  /** From system.query_log, per section: where the time went. */
  slowest_queries: Record<string, SlowQuery[]>;
  /** Sections that failed, with their error, so a partial run says what it lacks. */
  errors: Record<string, string>;
}
