import { DIMENSIONS, isBucket, isDimension, type Bucket, type Dimension, type Filters } from "./dimensions";
import { COMPARABLE_METRICS, OUTCOME_LABELS, type OutcomeLabel, type RateMetric } from "./metrics-catalog";
import { PARAMS } from "./routes";
import { DEFAULT_PRESET, isRangePreset, isValidCustomRange, type RangeSelection } from "./time-range";

/**
 * Everything a view shows is decided by its URL, so a link reproduces the view. This module is the
 * one place that maps the URL's query string to a typed state and back; every control writes
 * through it and every page reads through it.
 */

export const SAMPLE_KINDS = {
  down: "Down-rated",
  bad: "Labeled bad",
  failed: "Labeled failed",
} as const;
export type SampleKind = keyof typeof SAMPLE_KINDS;
export const DEFAULT_SAMPLE_KIND: SampleKind = "down";

export interface ViewState {
  /** The tenant whose read key answers; null until chosen (the page then picks the first one logged in). */
  tenant: string | null;
  range: RangeSelection;
  filters: Filters;
  /** The dimension a view's table is grouped by. */
  slice: Dimension | null;
  /** The time bucket of charts; null: chosen from the range. */
  bucket: Bucket | null;
  /** Diagnostics: only these tools. */
  tools: string[];
  /** Compare: the rate, the dimension and its two values. */
  metric: RateMetric | null;
  dimension: Dimension | null;
  a: string | null;
  b: string | null;
  /** Negative feedback: which samples, with which reason, from which page. */
  samples: SampleKind;
  reason: string | null;
  cursor: string | null;
  /** Rejected events: one reason (or reason kind). */
  rejectedReason: string | null;
  /** Label agreement: the matrix cell whose samples are listed (Answerscope's label, the external label). */
  cellLabel: OutcomeLabel | null;
  cellExternal: string | null;
}

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** The contract's TENANT_ID_PATTERN, copied: the browser bundle does not import the contracts' runtime code (url-state.test.ts holds them equal). */
export const TENANT_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_VALUE_LENGTH = 256;
const MAX_VALUES = 100;

export const EMPTY_STATE: ViewState = {
  tenant: null,
  range: { kind: "preset", preset: DEFAULT_PRESET },
  filters: {},
  slice: null,
  bucket: null,
  tools: [],
  metric: null,
  dimension: null,
  a: null,
  b: null,
  samples: DEFAULT_SAMPLE_KIND,
  reason: null,
  cursor: null,
  rejectedReason: null,
  cellLabel: null,
  cellExternal: null,
};

function valuesOf(input: SearchParamsInput, name: string): string[] {
  if (input instanceof URLSearchParams) return input.getAll(name);
  const value = input[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The query as URLSearchParams, whichever form it came in (a page's `searchParams` is a record). */
export function searchParamsOf(input: SearchParamsInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  const params = new URLSearchParams();
  for (const name of Object.keys(input)) for (const value of valuesOf(input, name)) params.append(name, value);
  return params;
}

const usable = (value: string) => value.length > 0 && value.length <= MAX_VALUE_LENGTH;

/** Distinct usable values in first-seen order: the same link written twice means the same. */
function listOf(input: SearchParamsInput, name: string): string[] {
  return [...new Set(valuesOf(input, name).filter(usable))].slice(0, MAX_VALUES);
}

function oneOf(input: SearchParamsInput, name: string): string | null {
  const [first] = valuesOf(input, name).filter(usable);
  return first ?? null;
}

/** Parses a query string into a state; anything invalid falls back to its default rather than failing the page. */
export function parseViewState(input: SearchParamsInput): ViewState {
  const tenant = oneOf(input, PARAMS.tenant);
  // A hand-typed "+02:00" arrives as " 02:00" (a '+' in a query string is a space).
  const from = oneOf(input, PARAMS.from)?.replace(" ", "+") ?? null;
  const to = oneOf(input, PARAMS.to)?.replace(" ", "+") ?? null;
  const preset = oneOf(input, PARAMS.range);
  const range: RangeSelection =
    from && to && isValidCustomRange(from, to)
      ? { kind: "custom", from: new Date(from).toISOString(), to: new Date(to).toISOString() }
      : { kind: "preset", preset: isRangePreset(preset) ? preset : DEFAULT_PRESET };
  const filters: Filters = {};
  for (const dimension of DIMENSIONS) {
    const values = listOf(input, dimension);
    if (values.length) filters[dimension] = values;
  }
  const slice = oneOf(input, PARAMS.slice);
  const bucket = oneOf(input, PARAMS.bucket);
  const metric = oneOf(input, PARAMS.metric);
  const dimension = oneOf(input, PARAMS.dimension);
  const samples = oneOf(input, PARAMS.samples);
  const cellLabel = oneOf(input, PARAMS.cellLabel);
  return {
    tenant: tenant && TENANT_PATTERN.test(tenant) ? tenant : null,
    range,
    filters,
    slice: isDimension(slice) ? slice : null,
    bucket: isBucket(bucket) ? bucket : null,
    tools: listOf(input, PARAMS.tools),
    metric: (COMPARABLE_METRICS as readonly string[]).includes(metric ?? "") ? (metric as RateMetric) : null,
    dimension: isDimension(dimension) ? dimension : null,
    a: oneOf(input, PARAMS.a),
    b: oneOf(input, PARAMS.b),
    samples: samples && Object.hasOwn(SAMPLE_KINDS, samples) ? (samples as SampleKind) : DEFAULT_SAMPLE_KIND,
    reason: oneOf(input, PARAMS.reason),
    cursor: oneOf(input, PARAMS.cursor),
    rejectedReason: oneOf(input, PARAMS.rejectedReason),
    cellLabel: (OUTCOME_LABELS as readonly string[]).includes(cellLabel ?? "") ? (cellLabel as OutcomeLabel) : null,
    cellExternal: oneOf(input, PARAMS.cellExternal),
  };
}

/** The canonical query string of a state: fixed parameter order, defaults left out (except the range, so a link says its time). */
export function serializeViewState(state: ViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tenant) params.set(PARAMS.tenant, state.tenant);
  if (state.range.kind === "custom") {
    params.set(PARAMS.from, state.range.from);
    params.set(PARAMS.to, state.range.to);
  } else {
    params.set(PARAMS.range, state.range.preset);
  }
  for (const dimension of DIMENSIONS) for (const value of state.filters[dimension] ?? []) params.append(dimension, value);
  if (state.slice) params.set(PARAMS.slice, state.slice);
  if (state.bucket) params.set(PARAMS.bucket, state.bucket);
  for (const tool of state.tools) params.append(PARAMS.tools, tool);
  if (state.metric) params.set(PARAMS.metric, state.metric);
  if (state.dimension) params.set(PARAMS.dimension, state.dimension);
  if (state.a) params.set(PARAMS.a, state.a);
  if (state.b) params.set(PARAMS.b, state.b);
  if (state.samples !== DEFAULT_SAMPLE_KIND) params.set(PARAMS.samples, state.samples);
  if (state.reason) params.set(PARAMS.reason, state.reason);
  if (state.cursor) params.set(PARAMS.cursor, state.cursor);
  if (state.rejectedReason) params.set(PARAMS.rejectedReason, state.rejectedReason);
  if (state.cellLabel) params.set(PARAMS.cellLabel, state.cellLabel);
  if (state.cellExternal) params.set(PARAMS.cellExternal, state.cellExternal);
  return params;
}

/** A link to `pathname` showing `state`. */
export function viewHref(pathname: string, state: ViewState): string {
  const query = serializeViewState(state).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** What carries over between views: tenant, time and dimension filters; view-specific choices stay behind. */
export function sharedPart(state: ViewState): ViewState {
  return { ...EMPTY_STATE, tenant: state.tenant, range: state.range, filters: state.filters };
}

/** The state with one dimension's filter values replaced (none: filter removed). A new filter starts paging again. */
export function withFilter(state: ViewState, dimension: Dimension, values: string[]): ViewState {
  const filters: Filters = { ...state.filters };
  if (values.length) filters[dimension] = [...new Set(values)];
  else delete filters[dimension];
  return { ...state, filters, cursor: null };
}

/** Number of active dimension filter values, for the bar's summary. */
export const filterCount = (filters: Filters): number => Object.values(filters).reduce((sum, values) => sum + (values?.length ?? 0), 0);
