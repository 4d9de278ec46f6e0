import "server-only";
import { cache } from "react";
import type {
  AttributionResult,
  CompareResult,
  FeedbackReasonsResult,
  LabelFreshness,
  LangfuseWriteback,
  FeedbackTargetsResult,
  LabelAgreementResult,
  LabelAgreementSamplesResult,
  MetricsResult,
  RejectedResult,
  ResponseDetail,
  SamplesResult,
  ToolsResult,
} from "./api-types";
import { dashboardConfig } from "./config";
import type { Bucket, Dimension, Filters } from "./dimensions";
import type { OutcomeLabel, RateMetric } from "./metrics-catalog";
import type { ReasonFilter } from "./reason-codes";
import type { ResolvedRange } from "./time-range";

/**
 * The one module that talks to the query API (docs/api.md). It runs on the server only: the session
 * token comes from the sealed httpOnly session cookie and never reaches the browser, and the browser never talks
 * to the API or ClickHouse. Every call answers a result, never throws, so each view can tell
 * "the warehouse could not be read" from "no data".
 */

export type ApiFailureKind =
  /** 503: the API is up but the warehouse cannot be read. */
  | "unavailable"
  /** The API itself did not answer (down, timeout). */
  | "unreachable"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "invalid_request"
  | "unexpected";

export interface ApiFailure {
  kind: ApiFailureKind;
  status: number | null;
  message: string;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

/** Who asks: a tenant and its read credential (a read key at login, the session's token after). */
export interface ReadCredentials {
  tenant: string;
  key: string;
}

const KIND_OF_STATUS: Record<number, ApiFailureKind> = {
  400: "invalid_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  503: "unavailable",
};

async function requestJson<T>(path: string, key: string): Promise<ApiResult<T>> {
  let response: Response;
  try {
    const { API_URL, API_TIMEOUT_MS } = dashboardConfig();
    response = await fetch(`${API_URL}${path}`, {
      headers: { authorization: `Bearer ${key}`, accept: "application/json" },
      cache: "no-store",
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      ok: false,
      failure: {
        kind: "unreachable",
        status: null,
        message: timedOut ? "the query API did not answer in time" : "the query API could not be reached",
      },
    };
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return { ok: true, data: body as T };
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return {
    ok: false,
    failure: {
      kind: KIND_OF_STATUS[response.status] ?? "unexpected",
      status: response.status,
      message: error?.message ?? `HTTP ${response.status}`,
    },
  };
}

/** One request per distinct URL and key while a page renders: several panels may ask the same question. */
const cachedRequest = cache((path: string, key: string) => requestJson<unknown>(path, key));

function get<T>(
  credentials: ReadCredentials,
  path: string,
  params: URLSearchParams = new URLSearchParams(),
): Promise<ApiResult<T>> {
  // The tenant is a claim the API checks against the key (403 if they differ): a cookie can never read another tenant.
  params.set("tenant_id", credentials.tenant);
  return cachedRequest(`${path}?${params.toString()}`, credentials.key) as Promise<ApiResult<T>>;
}

function rangeAndFilters(range: Pick<ResolvedRange, "from" | "to">, filters: Filters = {}): URLSearchParams {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  for (const [dimension, values] of Object.entries(filters))
    for (const value of values ?? []) params.append(dimension, value);
  return params;
}

export interface RangeQuery {
  range: Pick<ResolvedRange, "from" | "to">;
  filters?: Filters;
}

export function getMetrics(
  credentials: ReadCredentials,
  query: RangeQuery & { groupBy?: Dimension[]; bucket?: Bucket },
) {
  const params = rangeAndFilters(query.range, query.filters);
  if (query.groupBy?.length) params.set("group_by", query.groupBy.join(","));
  if (query.bucket) params.set("bucket", query.bucket);
  return get<MetricsResult>(credentials, "/api/v1/metrics", params);
}

export function getTools(credentials: ReadCredentials, query: RangeQuery & { tools?: string[] }) {
  const params = rangeAndFilters(query.range, query.filters);
  for (const tool of query.tools ?? []) params.append("tool_name", tool);
  return get<ToolsResult>(credentials, "/api/v1/tools", params);
}

export interface SamplesQuery extends RangeQuery {
  ratings?: ("up" | "down" | "none")[];
  labels?: OutcomeLabel[];
  /** `none`: rated without a reason. */
  reasonCodes?: ReasonFilter[];
  limit?: number;
  cursor?: string | null;
}

export function getSamples(credentials: ReadCredentials, query: SamplesQuery) {
  const params = rangeAndFilters(query.range, query.filters);
  for (const rating of query.ratings ?? []) params.append("rating", rating);
  for (const label of query.labels ?? []) params.append("label", label);
  for (const code of query.reasonCodes ?? []) params.append("reason_code", code);
  if (query.limit) params.set("limit", String(query.limit));
  if (query.cursor) params.set("cursor", query.cursor);
  return get<SamplesResult>(credentials, "/api/v1/samples", params);
}

export function getResponse(credentials: ReadCredentials, responseId: string) {
  return get<ResponseDetail>(credentials, `/api/v1/responses/${encodeURIComponent(responseId)}`);
}

export function getFeedbackReasons(credentials: ReadCredentials, query: RangeQuery & { chains?: number }) {
  const params = rangeAndFilters(query.range, query.filters);
  if (query.chains) params.set("chains", String(query.chains));
  return get<FeedbackReasonsResult>(credentials, "/api/v1/feedback/reasons", params);
}

export function getFeedbackTargets(credentials: ReadCredentials, query: RangeQuery) {
  return get<FeedbackTargetsResult>(
    credentials,
    "/api/v1/feedback/targets",
    rangeAndFilters(query.range, query.filters),
  );
}

export function getCompare(
  credentials: ReadCredentials,
  query: RangeQuery & { metric: RateMetric; dimension: Dimension; a: string; b: string },
) {
  const params = rangeAndFilters(query.range, query.filters);
  params.set("metric", query.metric);
  params.set("dimension", query.dimension);
  params.set("a", query.a);
  params.set("b", query.b);
  return get<CompareResult>(credentials, "/api/v1/compare", params);
}

/** What outcomes go with: recovery after a negative answer, tokens per positive answer, tool helpfulness, latency vs feedback. */
export function getAttribution(credentials: ReadCredentials, query: RangeQuery) {
  return get<AttributionResult>(credentials, "/api/v1/attribution", rangeAndFilters(query.range, query.filters));
}

/** How far the tenant's outcome labels are evaluated (the API's label freshness, issue 46). */
export function getLabelFreshness(credentials: ReadCredentials) {
  return get<LabelFreshness>(credentials, "/api/v1/labels/freshness");
}

export function getLangfuseWriteback(credentials: ReadCredentials) {
  return get<LangfuseWriteback>(credentials, "/api/v1/langfuse/writeback");
}

export function getRejected(
  credentials: ReadCredentials,
  query: { range: Pick<ResolvedRange, "from" | "to">; reason?: string | null; limit?: number },
) {
  const params = new URLSearchParams({ from: query.range.from, to: query.range.to });
  if (query.reason) params.append("reason", query.reason);
  if (query.limit) params.set("limit", String(query.limit));
  return get<RejectedResult>(credentials, "/api/v1/rejected", params);
}

export function getLabelAgreement(credentials: ReadCredentials, query: RangeQuery & { source: string }) {
  const params = rangeAndFilters(query.range, query.filters);
  params.set("source", query.source);
  return get<LabelAgreementResult>(credentials, "/api/v1/label-agreement", params);
}

export function getLabelAgreementSamples(
  credentials: ReadCredentials,
  query: RangeQuery & { source: string; label: OutcomeLabel; external: string; limit?: number },
) {
  const params = rangeAndFilters(query.range, query.filters);
  params.set("source", query.source);
  params.set("answerscope_label", query.label);
  params.set("external_label", query.external);
  if (query.limit) params.set("limit", String(query.limit));
  return get<LabelAgreementSamplesResult>(credentials, "/api/v1/label-agreement/samples", params);
}

/** A login: the session token the API issued for a tenant's read key, or why there is none. */
export type OpenedSession =
  | { ok: true; token: string; expiresAt: string }
  | { ok: false; reason: "unknown_key" | "wrong_tenant" | "unavailable" | "unreachable" };

async function post(path: string, token: string, body: object): Promise<Response | null> {
  try {
    const { API_URL, API_TIMEOUT_MS } = dashboardConfig();
    return await fetch(`${API_URL}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    return null;
  }
}

/**
 * Logs in: the API checks the read key against the tenant (401 unknown, 403 another tenant's or an
 * ingest key) and issues a session token, stored there as a hash with an expiry. The dashboard
 * keeps the token and forgets the key.
 */
export async function openApiSession(credentials: ReadCredentials): Promise<OpenedSession> {
  const response = await post("/api/v1/sessions", credentials.key, { tenant_id: credentials.tenant });
  if (response?.status === 401) return { ok: false, reason: "unknown_key" };
  if (response?.status === 403) return { ok: false, reason: "wrong_tenant" };
  if (response?.status === 503) return { ok: false, reason: "unavailable" };
  if (!response?.ok) return { ok: false, reason: "unreachable" };
  const body = (await response.json()) as { token: string; expires_at: string };
  return { ok: true, token: body.token, expiresAt: body.expires_at };
}

/** Logs out: the API revokes the session token, so a copy of the cookie is refused from now on. False when it could not be told. */
export async function closeApiSession(token: string): Promise<boolean> {
  const response = await post("/api/v1/sessions/close", token, {});
  // 401: already closed or expired, which is what was asked.
  return response !== null && (response.ok || response.status === 401);
}
