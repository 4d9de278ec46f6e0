import { latencyBucketSql, OUTCOME_ROLLUP_DIMENSIONS, sqlValue, type Dimension } from "@answerscope/warehouse";
import {
  CATEGORY_SOURCES,
  CHANNELS,
  CHAT_TYPES,
  ERROR_CATEGORIES,
  FINISH_REASONS,
  LANGUAGES,
  MODELS,
  QUERY_CATEGORIES,
  QUERY_TEXTS,
  RATINGS,
  REASON_CODES,
  SESSION_TYPES,
  TENANTS,
  TOOL_NAMES,
  USER_SEGMENTS,
  weightedArraySql,
  type Weighted,
} from "./dimension-values";

/**
 * The large data set as pure functions of a row number (INSERT ... SELECT FROM numbers()),
 * so three tables agree without a join: response n belongs to session n / 4; every
 * response with n % 4 != 0 made 2 tool calls of 2 events each (started, then completed or
 * failed), which gives 3 tool-call events per response; feedback f rates response 10 f + k.
 * Every value is a cityHash64 of the number and a salt: deterministic and unordered.
 */
export interface DataWindow {
  /** Epoch ms of the first and (exclusive) last instant of the data. */
  startMs: number;
  endMs: number;
}

const DAY_MS = 86_400_000;
export const WINDOW_DAYS = 90;

/**
 * 90 days ending at a full hour at least 5 minutes ago, so queries for "the last 24 h" cover
 * real data and the outcome evaluator's settle time (60 s) lies after every generated row.
 */
export function dataWindowEndingAt(nowMs: number): DataWindow {
  const endMs = Math.floor((nowMs - 5 * 60_000) / 3_600_000) * 3_600_000;
  return { startMs: endMs - WINDOW_DAYS * DAY_MS, endMs };
}

const hash = (expr: string, salt: number) => `cityHash64(${expr}, ${salt})`;
export const pickSql = (values: Weighted, expr: string, salt: number) => {
  const total = values.reduce((sum, [, weight]) => sum + weight, 0);
  return `arrayElement(${weightedArraySql(values)}, 1 + ${hash(expr, salt)} % ${total})`;
};
const idSql = (prefix: string, expr: string, salt: number) =>
  `concat(${sqlValue(prefix)}, lower(hex(${hash(expr, salt)})))`;

/** Columns of response number `n` that tool calls and feedback repeat. */
export function responseKeySql(n: string, window: DataWindow) {
  const session = `intDiv(${n}, 4)`;
  // A session's four responses are a minute apart, so follow-ups and re-asks happen.
  const spanMs = window.endMs - window.startMs - 5 * 60_000;
  const occurredAtMs = `(${window.startMs} + ${hash(session, 1)} % ${spanMs} + (${n} % 4) * 60000 + ${hash(n, 2)} % 30000)`;
  return {
    tenantId: pickSql(TENANTS, session, 3),
    responseId: idSql("resp_", n, 4),
    sessionId: idSql("sess_", session, 5),
    userId: `concat('user_', toString(${hash(session, 6)} % 60000))`,
    occurredAtMs,
  };
}

const TOOLS_PER_RESPONSE = 2;
/** Number of the j-th response that used tools (n % 4 != 0), and the inverse. */
const toolResponseNumberSql = (j: string) => `(4 * intDiv(${j}, 3) + 1 + ${j} % 3)`;
const toolResponseIndexSql = (n: string) => `(3 * intDiv(${n}, 4) + ${n} % 4 - 1)`;
const toolNameSql = (call: string) =>
  `arrayElement(${sqlValue(TOOL_NAMES)}, 1 + ${hash(call, 21)} % ${TOOL_NAMES.length})`;

/** The dimensions of response number `n` (docs/metrics.md), `tool_used` included: what label rows copy. */
export function responseDimensionsSql(n: string, window: DataWindow): Record<Dimension, string> {
  const key = responseKeySql(n, window);
  const releases = (count: number) =>
    `concat('v', toString(1 + intDiv(toUInt64(${key.occurredAtMs}) - ${window.startMs}, ${Math.ceil((window.endMs - window.startMs) / count)})))`;
  const modelPick = pickSql(MODELS, n, 10);
  return {
    channel: pickSql(CHANNELS, n, 13),
    model: `splitByChar('|', ${modelPick})[1]`,
    provider: `splitByChar('|', ${modelPick})[2]`,
    chat_type: pickSql(CHAT_TYPES, n, 14),
    session_type: pickSql(SESSION_TYPES, n, 15),
    language: pickSql(LANGUAGES, n, 16),
    user_segment: pickSql(USER_SEGMENTS, n, 17),
    query_category: pickSql(QUERY_CATEGORIES, n, 18),
    prompt_version: releases(8),
    bot_version: releases(6),
    tool_used: `if(${n} % 4 != 0, 'yes', 'no')`,
  };
}

/** SELECT list of `responses` for row numbers `n` (every column the sink writes, nothing superseded). */
export function responsesSelectSql(n: string, window: DataWindow): string {
  const key = responseKeySql(n, window);
  const dimensions = responseDimensionsSql(n, window);
  const usesTools = `(${n} % 4 != 0)`;
  const j = toolResponseIndexSql(n);
  const timeCost = `toUInt64(exp(5.5 + (${hash(n, 7)} % 10000) / 10000 * 4.5))`; // ~250 ms .. ~22 s, log-uniform
  const promptTokens = `(200 + ${hash(n, 8)} % 3000)`;
  const completionTokens = `(20 + ${hash(n, 9)} % 1200)`;
  return `
    ${key.tenantId} AS tenant_id,
    ${key.responseId} AS response_id,
    ${idSql("evt_", n, 11)} AS event_id,
    toDateTime(intDiv(${key.occurredAtMs}, 1000), 'UTC') AS occurred_at,
    toUInt64(${key.occurredAtMs}) AS occurred_at_ms,
    toUInt64(${key.occurredAtMs} + 200 + ${hash(n, 12)} % 3000) AS ingested_at_ms,
    ${key.sessionId} AS session_id,
    ${key.userId} AS user_id,
    ${dimensions.channel} AS channel,
    ${dimensions.model} AS model,
    ${dimensions.provider} AS provider,
    ${dimensions.chat_type} AS chat_type,
    ${dimensions.session_type} AS session_type,
    ${dimensions.language} AS language,
    ${dimensions.user_segment} AS user_segment,
    ${dimensions.query_category} AS query_category,
    ${pickSql(CATEGORY_SOURCES, n, 19)} AS query_category_source,
    ${dimensions.prompt_version} AS prompt_version,
    ${dimensions.bot_version} AS bot_version,
    ${idSql("trace_", n, 20)} AS trace_id,
    ${timeCost} AS time_cost_ms,
    toUInt64(${promptTokens}) AS prompt_tokens,
    toUInt64(${completionTokens}) AS completion_tokens,
    toUInt64(${promptTokens} + ${completionTokens}) AS total_tokens,
    toUInt32(1 + ${hash(n, 22)} % 5) AS iteration_count,
    ${pickSql(FINISH_REASONS, n, 23)} AS finish_reason,
    toUInt32(if(${usesTools}, ${TOOLS_PER_RESPONSE}, 0)) AS tool_count,
    if(${usesTools}, [${toolNameSql(`(${TOOLS_PER_RESPONSE} * ${j})`)}, ${toolNameSql(`(${TOOLS_PER_RESPONSE} * ${j} + 1)`)}], emptyArrayString()) AS tools_used_names,
    emptyArrayString() AS citation_ids,
    toUInt64(50 + ${hash(n, 24)} % 4000) AS response_length,
    ${pickSql(QUERY_TEXTS, n, 25)} AS query_text,
    toInt64(${n} % 4) AS turn_index,
    ${latencyBucketSql(timeCost)} AS latency_bucket,
    toUInt8(1) AS became_current,
    toUInt8(0) AS prev_exists`;
}

/** SELECT list of `tool_call_events` for event numbers `k` (2 events per call, 2 calls per tool-using response). */
export function toolCallEventsSelectSql(k: string, window: DataWindow): string {
  const call = `intDiv(${k}, 2)`;
  const n = toolResponseNumberSql(`intDiv(${call}, ${TOOLS_PER_RESPONSE})`);
  const key = responseKeySql(n, window);
  const terminal = `(${k} % 2 = 1)`;
  const failed = `(${hash(call, 26)} % 100 < 8)`;
  return `
    ${key.tenantId} AS tenant_id,
    ${idSql("call_", call, 27)} AS tool_call_id,
    ${idSql("tev_", k, 28)} AS event_id,
    toDateTime(intDiv(${key.occurredAtMs} - 2000 + (${k} % 2) * 900, 1000), 'UTC') AS occurred_at,
    toUInt64(${key.occurredAtMs} - 2000 + (${k} % 2) * 900) AS occurred_at_ms,
    toUInt64(${key.occurredAtMs} + 300 + ${hash(k, 29)} % 3000) AS ingested_at_ms,
    if(${terminal}, if(${failed}, 'failed', 'completed'), 'started') AS status,
    ${toolNameSql(call)} AS tool_name,
    ${key.userId} AS user_id,
    ${key.sessionId} AS session_id,
    '' AS diagnostic_task_id,
    ${key.responseId} AS response_id,
    '{"q":"status of service"}' AS arguments_json,
    ['q'] AS argument_keys,
    if(${terminal} AND NOT ${failed}, 'ok: 12 rows', '') AS result_summary,
    if(${terminal} AND ${failed}, 'upstream call failed', '') AS error_message,
    if(${terminal} AND ${failed}, ${pickSql(ERROR_CATEGORIES, call, 30)}, '') AS error_category,
    toInt64(if(${terminal}, 20 + ${hash(call, 31)} % 4000, -1)) AS duration_ms,
    toUInt8(NOT ${terminal}) AS becomes_first,
    toUInt8(1) AS state_changed,
    toUInt64(${key.occurredAtMs} - 2000) AS state_first_at_ms,
    if(${terminal}, if(${failed}, 'failed', 'completed'), 'started') AS state_status,
    ${toolNameSql(call)} AS state_tool_name,
    if(${terminal} AND ${failed}, ${pickSql(ERROR_CATEGORIES, call, 30)}, '') AS state_error_category,
    toInt64(if(${terminal}, 20 + ${hash(call, 31)} % 4000, -1)) AS state_duration_ms,
    toUInt64(if(${terminal}, ${key.occurredAtMs} - 2000, 0)) AS prev_state_first_at_ms,
    if(${terminal}, 'started', '') AS prev_state_status,
    if(${terminal}, ${toolNameSql(call)}, '') AS prev_state_tool_name,
    '' AS prev_state_error_category,
    toInt64(-1) AS prev_state_duration_ms`;
}

/** SELECT list of `feedback_events` for numbers `f`: one chat_message rating of response 10 f + (hash % 10). */
export function feedbackEventsSelectSql(f: string, window: DataWindow): string {
  const n = `(10 * ${f} + ${hash(f, 32)} % 10)`;
  const key = responseKeySql(n, window);
  const rating = pickSql(RATINGS, f, 33);
  return `
    ${key.tenantId} AS tenant_id,
    ${key.responseId} AS target_id,
    ${idSql("fev_", f, 34)} AS event_id,
    toDateTime(intDiv(${key.occurredAtMs} + 45000, 1000), 'UTC') AS occurred_at,
    toUInt64(${key.occurredAtMs} + 45000) AS occurred_at_ms,
    toUInt64(${key.occurredAtMs} + 46000 + ${hash(f, 35)} % 2000) AS ingested_at_ms,
    ${idSql("cfb_", f, 36)} AS client_feedback_id,
    ${idSql("", f, 37)} AS content_hash,
    'chat_message' AS target_type,
    '' AS subject_id,
    '' AS diagnostic_task_id,
    ${key.userId} AS user_id,
    ${key.sessionId} AS session_id,
    '' AS run_id,
    ${rating} AS rating,
    '' AS reason,
    if(${rating} = 'down', ${pickSql(REASON_CODES, f, 38)}, '') AS reason_code,
    '' AS comment,
    '' AS correction,
    toInt8(0) AS severity`;
}

/**
 * SELECT list of a label row (response_labels, and response_labels_by_time with `retracted`) for
 * response number `n`, read over a subquery of `responsesSelectSql` columns plus `n` (every column named with AS, for columnsOf): the shape the
 * outcome evaluator writes (every dimension, the tool counts of the response's two calls, about one
 * response in ten rated, the next response of the session a minute later as its follow-up),
 * generated instead of evaluated because a first evaluation of 10 M responses takes hours here.
 * `evaluated_at_ms` 1, so a real evaluation of the same response replaces the row.
 */
export function responseLabelsSelectSql(n: string, window: DataWindow, byTime: boolean): string {
  const usesTools = `(${n} % 4 != 0)`;
  const firstCall = `(${TOOLS_PER_RESPONSE} * ${toolResponseIndexSql(n)})`;
  const callFailed = (call: string) => `toUInt32(${hash(call, 26)} % 100 < 8)`;
  const failedCalls = `if(${usesTools}, ${callFailed(firstCall)} + ${callFailed(`(${firstCall} + 1)`)}, toUInt32(0))`;
  const rated = `(${hash(n, 40)} % 10 = 0)`;
  const rating = `if(${rated}, ${pickSql(RATINGS, n, 41)}, '')`;
  const hasFollowup = `(${n} % 4 != 3)`;
  const reask = `toUInt8(${hasFollowup} AND ${hash(n, 42)} % 12 = 0)`;
  const label = `multiIf(
      finish_reason IN ('error', 'max_iterations', 'no_reply', 'cancelled'), 'failed',
      ${rating} = 'down' OR ${reask} = 1, 'bad',
      ${rating} = 'up' AND ${failedCalls} = 0, 'excellent',
      ${rating} = 'up' OR NOT ${hasFollowup}, 'good',
      'neutral')`;
  return `
    tenant_id AS tenant_id,
    response_id AS response_id,
    session_id AS session_id,
    occurred_at AS occurred_at,
    occurred_at_ms AS occurred_at_ms,
    model AS model,
    provider AS provider,
    channel AS channel,
    chat_type AS chat_type,
    session_type AS session_type,
    language AS language,
    user_segment AS user_segment,
    query_category AS query_category,
    prompt_version AS prompt_version,
    bot_version AS bot_version,
    if(tool_count > 0, 'yes', 'no') AS tool_used,
    finish_reason AS finish_reason,
    ${label} AS label,
    concat('generated_', ${label}) AS label_reason,
    ${rating} AS explicit_rating,
    toUInt8(${failedCalls} > 0) AS has_failed_tool,
    if(${hasFollowup}, ${idSql("resp_", `(${n} + 1)`, 4)}, '') AS followup_response_id,
    ${reask} AS followup_is_reask,
    toUInt8(1) AS window_closed,
    toUInt64(1) AS evaluated_at_ms,
    toUInt32(if(${usesTools}, ${TOOLS_PER_RESPONSE}, 0)) - ${failedCalls} AS tool_calls_completed,
    ${failedCalls} AS tool_calls_failed,
    toUInt32(0) AS tool_calls_unfinished,
    ${sessionPrevsSql(n, window)} AS prev_ms_by_dimension${byTime ? ",\n    toUInt8(0) AS retracted" : ""}`;
}

/**
 * prev_ms_by_dimension of response number `n` (migration 0013): its session is the 4 numbers of
 * intDiv(n, 4), in time order, so the previous response with the same value of a dimension is the
 * nearest of n - 1 .. n - n % 4 whose value equals n's.
 */
function sessionPrevsSql(n: string, window: DataWindow): string {
  const turn = `(${n} % 4)`;
  const timeOf = (m: string) => `toUInt64(${responseKeySql(m, window).occurredAtMs})`;
  const earlier = [1, 2, 3].map((back) => `(${n} - ${back})`);
  const own = responseDimensionsSql(n, window);
  const sameValue = (dimension: Dimension) =>
    `multiIf(${earlier.map((m, index) => `${turn} >= ${index + 1} AND ${responseDimensionsSql(m, window)[dimension]} = ${own[dimension]}, ${timeOf(m)}`).join(", ")}, toUInt64(0))`;
  return `[if(${turn} >= 1, ${timeOf(earlier[0]!)}, toUInt64(0)), ${OUTCOME_ROLLUP_DIMENSIONS.slice(1)
    .map((dimension) => sameValue(dimension as Dimension))
    .join(", ")}]`;
}
