import { GAUGES } from "../metric-names";
import { dashboardUrlTemplate, type LinkTarget } from "./dashboard-link";
import {
  deadLetterGrowthExpr,
  exporterDownExpr,
  exporterStaleExpr,
  ingestLagExpr,
  latencyP95Expr,
  outcomeLabelsStaleExpr,
  rateShiftExpr,
  responseCountDropExpr,
  viewRepairsFailingExpr,
  type RateShiftMetrics,
} from "./expressions";
import type { RateShiftRule, RulesConfig } from "./rules-config";

/** One Prometheus alerting rule, as it is written to a rule file. */
export interface AlertRule {
  alert: string;
  expr: string;
  for: string;
  labels: Record<string, string>;
  annotations: { summary: string; description: string; runbook: string; dashboard_url: string };
}

export interface RuleGroup {
  name: string;
  rules: AlertRule[];
}

const SLICE = "{{ $labels.model }} on {{ $labels.channel }} (tenant {{ $labels.tenant }})";
/** The labels of a windowed gauge's slice, as the dashboard's filters of the same names. */
const TENANT_FILTER = [{ param: "tenant", label: "tenant" }] as const;
const SLICE_FILTERS = [
  ...TENANT_FILTER,
  { param: "model", label: "model" },
  { param: "channel", label: "channel" },
] as const;
/** A tool's figures carry `tool_name`; the diagnostics view narrows to a tool with `tool`. */
const TOOL_FILTERS = [...TENANT_FILTER, { param: "tool", label: "tool_name" }] as const;
const pct = (share: number) => `${Math.round(share * 1000) / 10} %`;

interface RateShiftSpec {
  alert: string;
  metrics: RateShiftMetrics;
  rule: RateShiftRule;
  what: string;
  sliceText: string;
  samplesText: string;
  link: LinkTarget;
  runbook: string;
}

/** One rule per watched window, all under one alert name (the `window` label tells them apart). */
function rateShiftRules(config: RulesConfig, spec: RateShiftSpec): AlertRule[] {
  const { rule } = spec;
  const moved = spec.metrics.direction === "up" ? "rose" : "fell";
  return rule.windows.map((window) => ({
    alert: spec.alert,
    expr: rateShiftExpr(spec.metrics, rule, window),
    for: rule.for,
    // The window as a static label too: it is in the result already, and it keeps the rules of one alert distinct.
    labels: { severity: rule.severity, window },
    annotations: {
      summary: `${spec.what} ${moved} to {{ $value | humanizePercentage }} over the last {{ $labels.window }} for ${spec.sliceText}`,
      description:
        `${spec.what} over the last {{ $labels.window }} ${moved} beyond the same slice's previous day ` +
        `(×${rule.factor} and by ${pct(rule.minChange)} points, more than ${rule.zScore} standard errors), ` +
        `with at least ${rule.minSamples} ${spec.samplesText} now and ${rule.minBaselineSamples} in the baseline; ` +
        `a slice without that baseline alerts past ${pct(rule.limitWithoutBaseline)}.`,
      runbook: spec.runbook,
      dashboard_url: dashboardUrlTemplate(config, { ...spec.link, window }),
    },
  }));
}

function qualityRules(config: RulesConfig): AlertRule[] {
  return [
    ...rateShiftRules(config, {
      alert: "AnswerscopeThumbsDownSpike",
      metrics: { ratio: GAUGES.thumbsDownRatio.name, samples: GAUGES.thumbsDownSamples.name, direction: "up" },
      rule: config.thumbsDownSpike,
      what: "Thumbs-down rate",
      sliceText: SLICE,
      samplesText: "ratings",
      link: { view: "feedback", filters: SLICE_FILTERS },
      runbook: [
        "Users are rating this model/channel's answers down far more often than yesterday.",
        "1. Open dashboard_url (negative feedback on this slice): read the newest thumbs-down answers and their reason codes.",
        "2. Check what changed for this slice in the last hours: prompt_version, bot_version, model or provider rollout, tool outages (diagnostics view).",
        "3. If a rollout lines up with the start of the spike, roll it back and watch the 5m window recover.",
        "4. If one reason code dominates (e.g. incorrect, not_grounded), hand the examples to the prompt/model owner.",
      ].join("\n"),
    }),
    ...rateShiftRules(config, {
      alert: "AnswerscopeGoodAnswerRateDrop",
      metrics: { ratio: GAUGES.goodAnswerRatio.name, samples: GAUGES.goodAnswerSamples.name, direction: "down" },
      rule: config.goodAnswerDrop,
      what: "Good-answer rate",
      sliceText: SLICE,
      samplesText: "final outcome labels",
      link: { view: "effect", filters: SLICE_FILTERS },
      runbook: [
        "Fewer answers of this slice end excellent/good than yesterday (more thumbs-down, re-asks or failures).",
        "1. Open dashboard_url (effect view on this slice): see which outcome grew, bad (ratings, re-asks) or failed (errors, no_reply, max_iterations).",
        "2. Failed grew: follow the diagnostics view (tool failures, provider errors). Bad grew: read the re-asked and thumbs-down answers.",
        "3. Look for a prompt, bot or model change at the start of the drop and roll it back if it lines up.",
        "Note: outcome labels settle about 10 minutes after an answer, so this alert lags the event by that much.",
      ].join("\n"),
    }),
    ...rateShiftRules(config, {
      alert: "AnswerscopeToolSuccessRateDrop",
      metrics: { ratio: GAUGES.toolSuccessRatio.name, samples: GAUGES.toolSuccessSamples.name, direction: "down" },
      rule: config.toolSuccessDrop,
      what: "Tool success rate",
      sliceText: "tool {{ $labels.tool_name }} (tenant {{ $labels.tenant }})",
      samplesText: "finished calls",
      link: { view: "diagnostics", filters: TOOL_FILTERS },
      runbook: [
        "Calls of this tool fail far more often than yesterday.",
        "1. Open dashboard_url (diagnostics for the tool): group failures by error category (timeout, auth, rate limit...).",
        "2. Check the tool's backend (status page, credentials, quotas) and recent deploys of the tool adapter.",
        "3. If the backend is down, consider disabling the tool for the agent until it recovers; expect max_iterations and no_reply to rise meanwhile.",
      ].join("\n"),
    }),
    ...rateShiftRules(config, {
      alert: "AnswerscopeMaxIterationRateSpike",
      metrics: { ratio: GAUGES.maxIterationRatio.name, samples: GAUGES.windowResponses.name, direction: "up" },
      rule: config.maxIterationSpike,
      what: "Max-iteration hit rate",
      sliceText: SLICE,
      samplesText: "responses",
      link: { view: "diagnostics", filters: SLICE_FILTERS },
      runbook: [
        "The agent runs out of iterations far more often than yesterday: it loops (tool retries, planning loops) instead of answering.",
        "1. Open dashboard_url (diagnostics on this slice) and open a few max_iterations responses: which tool or step repeats?",
        "2. A failing tool often causes loops: check AnswerscopeToolSuccessRateDrop and the tools view.",
        "3. Look for a prompt or bot_version change (iteration budget, tool descriptions) at the start of the spike.",
      ].join("\n"),
    }),
    ...rateShiftRules(config, {
      alert: "AnswerscopeNoReplyRateSpike",
      metrics: { ratio: GAUGES.noReplyRatio.name, samples: GAUGES.windowResponses.name, direction: "up" },
      rule: config.noReplySpike,
      what: "No-reply rate",
      sliceText: SLICE,
      samplesText: "responses",
      link: { view: "diagnostics", filters: SLICE_FILTERS },
      runbook: [
        "Far more users than yesterday get no answer at all from this model/channel.",
        "1. Open dashboard_url (diagnostics on this slice): is it one provider (model/provider errors, rate limits, content filter) or one channel (delivery)?",
        "2. Check the provider's status and the bot's error logs for the slice.",
        "3. Fail over to another model for the slice if the provider is degraded.",
      ].join("\n"),
    }),
    {
      alert: "AnswerscopeLatencyP95High",
      expr: latencyP95Expr(config.latencyP95),
      for: config.latencyP95.for,
      labels: { severity: config.latencyP95.severity },
      annotations: {
        summary: `p95 latency is {{ $value | humanizeDuration }} over the last {{ $labels.window }} for ${SLICE}`,
        description: `The 95th percentile of response time over the last {{ $labels.window }} is above ${config.latencyP95.thresholdSeconds} s, with at least ${config.latencyP95.minSamples} responses in the window.`,
        runbook: [
          "One answer in twenty takes longer than the threshold for this slice.",
          "1. Open dashboard_url (diagnostics on this slice): is the tail from model time or from tool time (slow tools, more iterations)?",
          "2. Check the provider's latency and the slow tools' backends.",
          "3. If one tool is slow, lower its timeout or disable it; if the provider is slow, fail over.",
        ].join("\n"),
        dashboard_url: dashboardUrlTemplate(config, {
          view: "diagnostics",
          filters: SLICE_FILTERS,
          window: config.latencyP95.window,
        }),
      },
    },
    {
      alert: "AnswerscopeResponseCountDrop",
      expr: responseCountDropExpr(config.responseCountDrop),
      for: config.responseCountDrop.for,
      labels: { severity: config.responseCountDrop.severity },
      annotations: {
        summary: `Tenant {{ $labels.tenant }} produced only {{ $value }} responses in the last ${config.responseCountDrop.window}, far fewer than a day earlier`,
        description: `Responses over the last ${config.responseCountDrop.window} are below ${pct(config.responseCountDrop.maxRatio)} of the same window one day earlier (which had at least ${config.responseCountDrop.minExpected}).`,
        runbook: [
          "The agent went (nearly) silent for this tenant, or its events stopped reaching Answerscope.",
          "1. Is the bot answering? Check the bot's own health and error logs.",
          "2. Are events arriving? Check AnswerscopeIngestLagHigh, the ingest service's /metrics (answerscope_ingest_messages_consumed_total) and dead letters.",
          "3. A deliberate change (maintenance, traffic moved to another tenant) can be silenced in Alertmanager.",
        ].join("\n"),
        dashboard_url: dashboardUrlTemplate(config, {
          view: "diagnostics",
          filters: TENANT_FILTER,
          window: config.responseCountDrop.window,
        }),
      },
    },
  ];
}

function pipelineRules(config: RulesConfig): AlertRule[] {
  const exporterRunbook = [
    "The quality figures are not being refreshed from ClickHouse, so every quality alert is blind.",
    "1. Check the exporter's log and answerscope_exporter_refresh_failures_total; answerscope_exporter_warehouse_up 0 means ClickHouse cannot be read.",
    "2. Check ClickHouse (is it up, is the exporter's user allowed, is a query timing out: see answerscope_exporter_refresh_duration_seconds).",
    "3. Until it recovers, watch the ingest service's own metrics and the dashboard directly.",
  ].join("\n");
  return [
    {
      alert: "AnswerscopeIngestLagHigh",
      expr: ingestLagExpr(config.ingestLag),
      for: config.ingestLag.for,
      labels: { severity: config.ingestLag.severity },
      annotations: {
        summary: "Ingest is {{ $value }} messages behind on topic {{ $labels.topic }}",
        description: `The ingest workers' consumer lag on the topic has stayed above ${config.ingestLag.maxMessages} messages; figures and alerts from the warehouse are late by as much.`,
        runbook: [
          "Ingest workers do not keep up with Kafka.",
          "1. Check the workers' /metrics: answerscope_ingest_insert_retries_total (ClickHouse slow or down), answerscope_ingest_batch_duration_seconds.",
          "2. Check ClickHouse load and disk; then scale the ingest workers (up to the topic's partition count).",
        ].join("\n"),
        dashboard_url: dashboardUrlTemplate(config, { view: "diagnostics", filters: [], window: config.ingestLag.for }),
      },
    },
    {
      alert: "AnswerscopeDeadLetterGrowth",
      expr: deadLetterGrowthExpr(config.deadLetterGrowth),
      for: config.deadLetterGrowth.for,
      labels: { severity: config.deadLetterGrowth.severity },
      annotations: {
        summary: `{{ $value }} events of tenant {{ $labels.tenant }} were dead-lettered in the last ${config.deadLetterGrowth.range}`,
        description: `More than ${pct(config.deadLetterGrowth.maxShare)} of the tenant's events (and at least ${config.deadLetterGrowth.minRejected}) were rejected over ${config.deadLetterGrowth.range}.`,
        runbook: [
          "A producer is sending events the contract rejects (usually after a client release).",
          "1. Group answerscope_rejected_events_total by reason to see the kind (invalid_json, missing_field, invalid_field, too_large...).",
          "2. Read examples through GET /api/v1/rejected for the tenant and hand them to the producer's owners.",
          "3. Rejected events are kept in the dead-letter topic and can be replayed once the producer is fixed.",
        ].join("\n"),
        dashboard_url: dashboardUrlTemplate(config, {
          view: "diagnostics",
          filters: TENANT_FILTER,
          window: config.deadLetterGrowth.range,
        }),
      },
    },
    {
      alert: "AnswerscopeViewRepairsFailing",
      expr: viewRepairsFailingExpr(config.viewRepairsFailing),
      for: config.viewRepairsFailing.for,
      labels: { severity: config.viewRepairsFailing.severity },
      annotations: {
        summary: `View repairs have failed for ${config.viewRepairsFailing.range} on every ingest process`,
        description: `Repair rounds failed and none completed over ${config.viewRepairsFailing.range}: writes interrupted meanwhile leave their hours short in the metrics views until a round succeeds.`,
        runbook: [
          'The ingest processes cannot put back what interrupted writes left out of the views (sql/README.md, "View repairs").',
          '1. Read an ingest process\'s log for "view repair round failed".',
          '2. "another process (<host>:<pid> since <time>) has held ...view_repairs_lock": a process killed while holding the lock leaves it, and the rounds take it over once VIEW_REPAIR_LOCK_LEASE_MS (default 10 minutes) has passed since that time; a lock that names no time was left by a version before leases: if no process is repairing (no "view repairs:" log line meanwhile), run the DROP TABLE the message names.',
          "3. A ClickHouse error: see answerscope_ingest_warehouse_up and AnswerscopeIngestLagHigh; the rounds recover by themselves once ClickHouse answers.",
        ].join("\n"),
        dashboard_url: dashboardUrlTemplate(config, {
          view: "diagnostics",
          filters: [],
          window: config.viewRepairsFailing.range,
        }),
      },
    },
    {
      alert: "AnswerscopeOutcomeLabelsStale",
      expr: outcomeLabelsStaleExpr(config.outcomeLabelsStale),
      for: config.outcomeLabelsStale.for,
      labels: { severity: config.outcomeLabelsStale.severity },
      annotations: {
        summary: "Outcome labels of tenant {{ $labels.tenant }} are stale: the outcome evaluator is failing or behind",
        description: `The outcome evaluator's newest run for the tenant failed, or its labels lag the ingested events by more than ${config.outcomeLabelsStale.maxLagSeconds} s (the 10-minute observation window, the evaluator's settle time and its interval). Label-based figures (good-answer, one-turn, rating and re-ask rates, outcome counts) are old or unknown, and the good-answer alert is blind.`,
        runbook: [
          "The labels behind the effect figures are not being brought up to date for this tenant.",
          "1. Open dashboard_url (effect view of the tenant): its banner shows the last error and when labels were last evaluated; GET /api/v1/labels/freshness answers the same.",
          '2. answerscope_outcome_evaluator_failing 1: read the evaluator\'s log ("outcome evaluator run failed") and the error; a ClickHouse error (a missing table, a query the server refuses) needs the warehouse or the release fixed.',
          "3. Lag without failures: is the evaluator process running (the `evaluator` role of answerscope serve)? A first pass over a large tenant takes a while: its log reports progress chunk by chunk.",
        ].join("\n"),
        dashboard_url: dashboardUrlTemplate(config, {
          view: "effect",
          filters: TENANT_FILTER,
          window: config.outcomeLabelsStale.for,
        }),
      },
    },
    {
      alert: "AnswerscopeExporterStale",
      expr: exporterStaleExpr(config.exporterStale),
      for: config.exporterStale.for,
      labels: { severity: config.exporterStale.severity },
      annotations: {
        summary: "Answerscope quality figures are {{ $value | humanizeDuration }} old",
        description: `The exporter has not read ClickHouse successfully for more than ${config.exporterStale.maxAgeSeconds} s; it keeps serving its last figures.`,
        runbook: exporterRunbook,
        dashboard_url: dashboardUrlTemplate(config, {
          view: "diagnostics",
          filters: [],
          window: config.exporterStale.for,
        }),
      },
    },
    {
      alert: "AnswerscopeExporterDown",
      expr: exporterDownExpr(config),
      for: config.exporterStale.for,
      labels: { severity: config.exporterStale.severity },
      annotations: {
        summary: "Prometheus cannot scrape the Answerscope exporter {{ $labels.instance }}",
        description: "The exporter's /metrics does not answer, so no quality figure reaches Prometheus.",
        runbook: exporterRunbook,
        dashboard_url: dashboardUrlTemplate(config, {
          view: "diagnostics",
          filters: [],
          window: config.exporterStale.for,
        }),
      },
    },
  ];
}

/** Every alert rule, from the one source: the rule files, the docs' table and the tests all come from here. */
export function alertRuleGroups(config: RulesConfig): RuleGroup[] {
  return [
    { name: "answerscope-quality", rules: qualityRules(config) },
    { name: "answerscope-pipeline", rules: pipelineRules(config) },
  ];
}
