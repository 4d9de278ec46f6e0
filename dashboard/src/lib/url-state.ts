import { BUCKETS, DIMENSIONS, type Bucket, type Dimension, type Filters } from "./dimensions";
import { COMPARABLE_METRICS, OUTCOME_LABELS, type OutcomeLabel, type RateMetric } from "./metrics-catalog";
import { NO_REASON, REASON_CODES } from "./reason-codes";
import { PARAMS, paramsOf } from "./routes";
import {
  DEFAULT_PRESET,
  isRangePreset,
  parseInstant,
  RANGE_PRESETS,
  type RangePreset,
  type RangeSelection,
} from "./time-range";

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

/** Something a link asked for that the view does not show as written, in plain words, for the notice above the view. */
export interface LinkNotice {
  /** The query parameter it is about. */
  param: string;
  text: string;
}

/** What a link names, and what of it was not taken as written. */
export interface ViewReading {
  state: ViewState;
  notices: LinkNotice[];
}

/** The values each choice parameter takes: the parser takes nothing else, and says so of a link with another. */
const CHOICES = {
  slice: DIMENSIONS,
  bucket: BUCKETS,
  metric: COMPARABLE_METRICS,
  dimension: DIMENSIONS,
  samples: Object.keys(SAMPLE_KINDS) as SampleKind[],
  cellLabel: OUTCOME_LABELS,
  reason: [...REASON_CODES, NO_REASON],
} as const;

/** "the last 24 hours", for "showing …". */
const shownRange = (preset: RangePreset) => `the ${RANGE_PRESETS[preset].label.toLowerCase()}`;

/** Reads parameters of one query and notes each value it leaves out or changes, so the parser and its notices are one code. */
class QueryReader {
  readonly notices: LinkNotice[] = [];
  constructor(private readonly input: SearchParamsInput) {}

  note(param: string, text: string): void {
    this.notices.push({ param, text });
  }

  /** Distinct values in first-seen order (the same value twice means the same); empty ones mean "none" and go silently. */
  private values(name: string): string[] {
    const values = valuesOf(this.input, name).filter((value) => value.length > 0);
    const tooLong = values.filter((value) => value.length > MAX_VALUE_LENGTH);
    if (tooLong.length)
      this.note(
        name,
        `${name}: ${tooLong.length === 1 ? "a value" : `${tooLong.length} values`} longer than ${MAX_VALUE_LENGTH} characters ignored`,
      );
    return [...new Set(values.filter((value) => value.length <= MAX_VALUE_LENGTH))];
  }

  list(name: string): string[] {
    const values = this.values(name);
    if (values.length > MAX_VALUES)
      this.note(name, `${name} was given ${values.length} values; only the first ${MAX_VALUES} are used`);
    return values.slice(0, MAX_VALUES);
  }

  one(name: string): string | null {
    const [first, ...others] = this.values(name);
    if (first !== undefined && others.length)
      this.note(name, `${name} was given ${others.length + 1} different values; using the first, “${first}”`);
    return first ?? null;
  }

  choice<T extends string>(name: string, allowed: readonly T[], instead = "ignored"): T | null {
    const value = this.one(name);
    if (value === null || (allowed as readonly string[]).includes(value)) return value as T | null;
    this.note(name, `${name} “${value}” is not one of ${allowed.join(", ")}; ${instead}`);
    return null;
  }

  /** A time end as the link wrote it; a '+' of a hand-typed "+02:00" arrives as a space (a '+' in a query string is one). */
  instant(name: string): string | null {
    return this.one(name)?.replace(" ", "+") ?? null;
  }
}

/** The range: from and to when both are instants in order, else the preset (the default when none or an unknown one is named). */
function readRange(reader: QueryReader): RangeSelection {
  const named = reader.one(PARAMS.range);
  const preset = isRangePreset(named) ? named : DEFAULT_PRESET;
  const from = reader.instant(PARAMS.from);
  const to = reader.instant(PARAMS.to);
  const fromMs = from === null ? null : parseInstant(from);
  const toMs = to === null ? null : parseInstant(to);
  const notInstant = (name: string, text: string) =>
    `${name} “${text}” is not a date and time (such as 2026-11-30T08:00Z)`;
  const problem: [string, string] | null =
    from === null && to === null
      ? null
      : from === null
        ? [PARAMS.to, "to was given without from"]
        : to === null
          ? [PARAMS.from, "from was given without to"]
          : fromMs === null
            ? [PARAMS.from, notInstant(PARAMS.from, from)]
            : toMs === null
              ? [PARAMS.to, notInstant(PARAMS.to, to)]
              : fromMs > toMs
                ? [PARAMS.from, "from was after to"]
                : fromMs === toMs
                  ? [PARAMS.from, "from was the same time as to"]
                  : null;
  const custom = fromMs !== null && toMs !== null && problem === null;
  if (named !== null && custom) reader.note(PARAMS.range, `range “${named}” ignored: from and to say which time`);
  else if (named !== null && !isRangePreset(named))
    reader.note(
      PARAMS.range,
      `range “${named}” is not one of ${Object.keys(RANGE_PRESETS).join(", ")}; showing ${shownRange(preset)}`,
    );
  if (problem) reader.note(problem[0], `${problem[1]}; showing ${shownRange(preset)}`);
  return custom
    ? { kind: "custom", from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() }
    : { kind: "preset", preset };
}

/** Reads a query string into a state, and says what of it was left out or corrected (an invalid value falls back to its default rather than failing the page). */
export function readViewState(input: SearchParamsInput): ViewReading {
  const reader = new QueryReader(input);
  const tenant = reader.one(PARAMS.tenant);
  if (tenant !== null && !TENANT_PATTERN.test(tenant))
    reader.note(
      PARAMS.tenant,
      `tenant “${tenant}” is not a tenant name; showing the first tenant you are logged in to`,
    );
  const range = readRange(reader);
  const filters: Filters = {};
  for (const dimension of DIMENSIONS) {
    const values = reader.list(dimension);
    if (values.length) filters[dimension] = values;
  }
  const state: ViewState = {
    tenant: tenant && TENANT_PATTERN.test(tenant) ? tenant : null,
    range,
    filters,
    slice: reader.choice(PARAMS.slice, CHOICES.slice),
    bucket: reader.choice(PARAMS.bucket, CHOICES.bucket, "choosing one from the range"),
    tools: reader.list(PARAMS.tools),
    metric: reader.choice(PARAMS.metric, CHOICES.metric),
    dimension: reader.choice(PARAMS.dimension, CHOICES.dimension),
    a: reader.one(PARAMS.a),
    b: reader.one(PARAMS.b),
    samples:
      reader.choice(
        PARAMS.samples,
        CHOICES.samples,
        `showing ${SAMPLE_KINDS[DEFAULT_SAMPLE_KIND].toLowerCase()} samples`,
      ) ?? DEFAULT_SAMPLE_KIND,
    reason: reader.choice(PARAMS.reason, CHOICES.reason, "showing samples of any reason"),
    cursor: reader.one(PARAMS.cursor),
    rejectedReason: reader.one(PARAMS.rejectedReason),
    cellLabel: reader.choice(PARAMS.cellLabel, CHOICES.cellLabel),
    cellExternal: reader.one(PARAMS.cellExternal),
  };
  return { state, notices: reader.notices };
}

/** The state a query string names; anything invalid falls back to its default (readViewState says which). */
export const parseViewState = (input: SearchParamsInput): ViewState => readViewState(input).state;

/**
 * The canonical query string of a state: fixed parameter order, defaults left out (except the
 * range, so a link says its time); with `reads`, only those parameters (what the page linked to reads).
 */
export function serializeViewState(state: ViewState, reads?: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tenant) params.set(PARAMS.tenant, state.tenant);
  if (state.range.kind === "custom") {
    params.set(PARAMS.from, state.range.from);
    params.set(PARAMS.to, state.range.to);
  } else {
    params.set(PARAMS.range, state.range.preset);
  }
  for (const dimension of DIMENSIONS)
    for (const value of state.filters[dimension] ?? []) params.append(dimension, value);
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
  if (reads) for (const name of new Set(params.keys())) if (!reads.includes(name)) params.delete(name);
  return params;
}

/** A link to `pathname` showing `state`: only the parameters that page reads, so a link never names what its page ignores. */
export function viewHref(pathname: string, state: ViewState): string {
  const query = serializeViewState(state, paramsOf(pathname)).toString();
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
export const filterCount = (filters: Filters): number =>
  Object.values(filters).reduce((sum, values) => sum + (values?.length ?? 0), 0);
