import { REASON_CODES } from "@answerscope/contracts";
import { CURRENT_RATINGS, isCurrentRating } from "@answerscope/contracts/vocabularies";
import { z } from "zod";
import { queryRows, type Warehouse } from "../client";
import { ownersResponseRatingsSql } from "../facts/current-feedback";
import { sqlSubquery, tenantRangeConditions, whereAll } from "../facts/sql-fragments";
import { labelsInRangeSql } from "../outcomes/current-labels";
import { sqlList, sqlValue } from "../sql/escape";
import { joinUsing } from "../sql/join";
import { matchingResponsesSql } from "./matching-responses";
import { FiltersSchema, OUTCOME_LABELS } from "./query-input";
import { orderedRange, rangeShape } from "./query-range";
import { RESPONSE_FACT_COLUMNS, responseFactsOf, ResponseFactsSchema, type ResponseFactsRow } from "./response-facts";
import { encodeSampleCursor, SampleCursorTextSchema } from "./sample-cursor";

/** `none`: responses without an explicit rating. */
export const SAMPLE_RATINGS = [...CURRENT_RATINGS, "none"] as const;
/** The contract's reason codes, and `none`: an explicit rating given without a reason. */
export const SAMPLE_REASON_CODES = [...REASON_CODES, "none"] as const;

export const SamplesQuerySchema = z
  .object({
    ...rangeShape,
    filters: FiltersSchema.default({}),
    /** Explicit rating (the current verified chat_message rating), OR-ed. */
    ratings: z.array(z.enum(SAMPLE_RATINGS)).max(SAMPLE_RATINGS.length).default([]),
    /** reason_code of the explicit rating (`none`: rated without a reason), OR-ed; implies a rating. */
    reasonCodes: z.array(z.enum(SAMPLE_REASON_CODES)).max(SAMPLE_REASON_CODES.length).default([]),
    /** Outcome label, OR-ed; a response not evaluated yet is `pending`. */
    labels: z.array(z.enum(OUTCOME_LABELS)).max(OUTCOME_LABELS.length).default([]),
    limit: z.number().int().min(1).max(200).default(50),
    /** Continue after the last sample of the previous page. */
    cursor: SampleCursorTextSchema.optional(),
  })
  .refine(...orderedRange);
export type SamplesQueryInput = z.input<typeof SamplesQuerySchema>;

export const SampleSchema = ResponseFactsSchema.extend({
  rating: z
    .enum(CURRENT_RATINGS)
    .nullable()
    .describe("the explicit rating: the response owner's current verified chat_message rating"),
  reason: z.string().nullable(),
  reason_code: z.string().nullable(),
  comment: z.string().nullable(),
  label: z.enum(OUTCOME_LABELS),
  label_reason: z.string().nullable().describe("the rule that produced the label; null before the first evaluation"),
});
export const SamplesResultSchema = z.object({
  samples: z.array(SampleSchema).describe("newest first (occurred_at, then response_id, descending)"),
  next_cursor: z.string().nullable().describe("pass as cursor for the next page; null on the last page"),
});
export type Sample = z.output<typeof SampleSchema>;
export type SamplesResult = z.output<typeof SamplesResultSchema>;

type SamplesQuery = z.output<typeof SamplesQuerySchema>;

interface SampleRow extends ResponseFactsRow {
  rated: string;
  rated_reason: string;
  rated_reason_code: string;
  rated_comment: string;
  sample_label: string;
  sample_label_reason: string;
}

/** The page's order: newest first, ties by id. */
const NEWEST_FIRST = "ORDER BY occurred_at_ms DESC, response_id DESC";

const LABELLED_COLUMNS = [...RESPONSE_FACT_COLUMNS, "sample_label", "sample_label_reason"];

const byRating = (query: SamplesQuery) => query.ratings.length > 0 || query.reasonCodes.length > 0;

/**
 * The matching responses of the range (only `responseIds` when given) with their labels, and the
 * label and cursor conditions of the page.
 */
function labelledResponses(
  warehouse: Warehouse,
  query: SamplesQuery,
  responseIds?: readonly string[],
): { sql: string; conditions: string[] } {
  const { tenantId } = query;
  const responses = matchingResponsesSql(warehouse, {
    tenantId,
    from: query.from,
    to: query.to,
    filters: query.filters,
    responseIds,
  });
  // A sample's label is its response's label row at the response's time (a response that moved
  // since its last evaluation reads as pending until the evaluator's next run).
  const labels = `SELECT response_id, label AS sample_label, label_reason AS sample_label_reason FROM (${labelsInRangeSql(warehouse, { tenantId, fromMs: query.from, toMs: query.to })})`;
  // 18.16 joins two tables per SELECT: one level per join, with explicit column lists.
  const sql = `SELECT ${LABELLED_COLUMNS.join(", ")} FROM ${joinUsing(`SELECT ${RESPONSE_FACT_COLUMNS.join(", ")} FROM (${responses})`, "ANY LEFT", labels, ["response_id"])}`;
  const conditions: string[] = [];
  // No label row yet: the response has not been evaluated, which reads as pending.
  if (query.labels.length)
    conditions.push(`if(sample_label = '', 'pending', sample_label) IN ${sqlList(query.labels)}`);
  if (query.cursor) {
    const at = sqlValue(query.cursor.occurredAtMs);
    conditions.push(
      `(occurred_at_ms < ${at} OR (occurred_at_ms = ${at} AND response_id < ${sqlValue(query.cursor.responseId)}))`,
    );
  }
  return { sql, conditions };
}

/** The ids of the page's responses when no rating filter applies: the page is known without the ratings. */
function pageIdsSql(warehouse: Warehouse, query: SamplesQuery, limit: number): string {
  const labelled = labelledResponses(warehouse, query);
  return `SELECT response_id FROM (${labelled.sql}) ${whereAll(labelled.conditions)} ${NEWEST_FIRST} LIMIT ${limit}`;
}

/**
 * The page's samples with their ratings. The ratings read are those of every response of the
 * range when the page is filtered by rating, else those of `pageIds` (pageIdsSql), whose
 * responses alone are then read, so the page is the one their read chose.
 */
function samplesSql(
  warehouse: Warehouse,
  query: SamplesQuery,
  options: { limit: number; pageIds?: readonly string[] },
): string {
  const { tenantId } = query;
  const labelled = labelledResponses(warehouse, query, options.pageIds);
  const ratedTargets =
    options.pageIds ??
    sqlSubquery(
      `SELECT response_id FROM ${warehouse.table("responses")} ${whereAll(tenantRangeConditions(tenantId, query.from, query.to))}`,
      { many: true },
    );
  // The labelled responses are current versions: joining the owners' ratings on (response_id,
  // user_id) verifies them without reading the responses again.
  const ratings = `SELECT response_id, user_id, rating AS rated, reason AS rated_reason, reason_code AS rated_reason_code, comment AS rated_comment
    FROM (${ownersResponseRatingsSql(warehouse, { tenantId, responseIds: ratedTargets })})`;
  const withRating = `SELECT ${[...LABELLED_COLUMNS, "rated", "rated_reason", "rated_reason_code", "rated_comment"].join(", ")} FROM ${joinUsing(labelled.sql, "ANY LEFT", ratings, ["response_id", "user_id"])}`;

  const conditions = [...labelled.conditions];
  if (query.ratings.length)
    conditions.push(
      `(${query.ratings.map((rating) => (rating === "none" ? "rated = ''" : `rated = ${sqlValue(rating)}`)).join(" OR ")})`,
    );
  if (query.reasonCodes.length) {
    // A rating without a reason has an empty reason_code (the column is not nullable).
    const codes = query.reasonCodes.map((code) => (code === "none" ? "" : code));
    conditions.push(`rated != '' AND rated_reason_code IN ${sqlList(codes)}`);
  }
  return `SELECT * FROM (${withRating}) ${whereAll(conditions)}
    ${NEWEST_FIRST}
    LIMIT ${options.limit}`;
}

/** The first window read for a page, and how much each next one grows. */
const FIRST_WINDOW_MS = 3_600_000;
const WINDOW_GROWTH = 8;

/**
 * The page's rows plus one (which tells whether another page exists), newest first. A page holds
 * the newest matching responses below the cursor, so it reads a window ending there (the last
 * hour, then 8 hours, ...) and widens it until the page is full or the window is the whole range:
 * every matching response newer than the window's start is in the window, so a full page from it
 * is the page of the whole range. A 7-day first page at millions of responses reads about an
 * hour of them instead of every response of the week.
 *
 * The ratings are the dearest part (the client_feedback_id rule reads every event of each key,
 * outside the primary key): without a rating filter the windows find the page's ids, and only
 * those ids' ratings are read, once.
 */
async function newestRows(warehouse: Warehouse, query: SamplesQuery): Promise<SampleRow[]> {
  const end = query.cursor ? Math.min(query.to, query.cursor.occurredAtMs + 1) : query.to;
  const limit = query.limit + 1;
  let reread = false;
  for (let span = FIRST_WINDOW_MS; ; span *= WINDOW_GROWTH) {
    const windowed = { ...query, from: Math.max(query.from, end - span) };
    const last = windowed.from === query.from;
    if (byRating(query)) {
      const rows = await queryRows<SampleRow>(warehouse, samplesSql(warehouse, windowed, { limit }));
      if (rows.length > query.limit || last) return rows;
      continue;
    }
    const pageIds = (await queryRows<{ response_id: string }>(warehouse, pageIdsSql(warehouse, windowed, limit))).map(
      (row) => String(row.response_id),
    );
    if (pageIds.length <= query.limit && !last) continue;
    const rows =
      pageIds.length === 0
        ? []
        : await queryRows<SampleRow>(warehouse, samplesSql(warehouse, windowed, { limit, pageIds }));
    if (rows.length === pageIds.length || reread) return rows;
    // Fewer rows than ids: a response of the page changed between the two reads (a new version
    // moved it), which would cut the page short and end the pages early; the same window is read
    // again, once.
    reread = true;
    span /= WINDOW_GROWTH;
  }
}

/** GET /api/v1/samples: responses in range, newest first, with their explicit rating and outcome label; keyset-paginated. */
export async function querySamples(
  warehouse: Warehouse,
  input: SamplesQueryInput,
  options: { traceUrlTemplate?: string } = {},
): Promise<SamplesResult> {
  const query = SamplesQuerySchema.parse(input);
  const rows = await newestRows(warehouse, query);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    samples: page.map((row) => ({
      ...responseFactsOf(row, query.tenantId, options.traceUrlTemplate),
      rating: isCurrentRating(row.rated) ? row.rated : null,
      reason: row.rated_reason || null,
      reason_code: row.rated_reason_code || null,
      comment: row.rated_comment || null,
      label: (row.sample_label || "pending") as Sample["label"],
      label_reason: row.sample_label_reason || null,
    })),
    next_cursor:
      rows.length > query.limit && last
        ? encodeSampleCursor({ occurredAtMs: Number(last.occurred_at_ms), responseId: String(last.response_id) })
        : null,
  };
}
