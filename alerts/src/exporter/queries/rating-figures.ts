import { isCurrentRatingSql, joinUsing, queryRows, type Warehouse } from "@answerscope/warehouse";
import { spanOf, type TimeWindow } from "../windows";
import { inWindowMs, inWindowTime, perWindow, windowValues } from "./window-sql";

/** Explicit answer ratings of one slice per window: how many were given and how many were thumbs-down. */
export interface RatingFigures {
  tenant: string;
  model: string;
  channel: string;
  rated: number[];
  down: number[];
}

/**
 * Thumbs-down figures straight from the rating events, so they do not wait for the outcome
 * evaluator and count a rating when it was GIVEN (what an on-call engineer means by "users
 * are thumbing down now"), not when the rated answer was.
 *
 * Within the span, each rater's rating of an answer is the latest action (docs/events.md: latest by
 * occurred_at, ties by event_id); a `cleared` one counts nowhere. Only `chat_message` ratings
 * of an answer that exists and belongs to the rater count (the verified rating of
 * docs/metrics.md); the answer's current version gives model and channel. The rating time
 * decides the window. The client_feedback_id conflict rule is not applied here: a conflicting
 * re-send is rare and changes at most one rating.
 *
 * Both tables are keyed by id, not time: the `occurred_at` condition lets ClickHouse skip
 * every partition and part outside the span, and the answers are looked up by their key.
 */
export async function readRatingFigures(
  warehouse: Warehouse,
  windows: readonly TimeWindow[],
): Promise<RatingFigures[]> {
  const span = spanOf(windows);
  const ratingsInSpan = `${inWindowTime("occurred_at", span)} AND ${inWindowMs("occurred_at_ms", span)} AND target_type = 'chat_message'`;
  const inRatedAt = (window: TimeWindow) => inWindowMs("rated_at_ms", window);
  const latestRatings = `SELECT tenant_id, user_id, target_id,
      argMax(rating, (occurred_at_ms, event_id)) AS latest_rating,
      max(occurred_at_ms) AS rated_at_ms
    FROM (
      SELECT tenant_id, user_id, target_id, rating, occurred_at_ms, event_id
      FROM ${warehouse.table("feedback_events")}
      WHERE ${ratingsInSpan}
      LIMIT 1 BY tenant_id, event_id
    )
    GROUP BY tenant_id, user_id, target_id`;
  const ratedResponses = `SELECT tenant_id, response_id AS target_id, user_id, model, channel
    FROM ${warehouse.table("responses")}
    WHERE (tenant_id, response_id) IN (SELECT tenant_id, target_id FROM ${warehouse.table("feedback_events")} WHERE ${ratingsInSpan})
    ORDER BY tenant_id, response_id, occurred_at_ms DESC, event_id DESC
    LIMIT 1 BY tenant_id, response_id`;
  const sql = `SELECT tenant_id, model, channel,
      ${[...perWindow(windows, "rated", (c) => `countIf(${c})`, inRatedAt), ...perWindow(windows, "down", (c) => `countIf(latest_rating = 'down' AND ${c})`, inRatedAt)].join(",\n      ")}
    FROM ${joinUsing(latestRatings, "ALL INNER", ratedResponses, ["tenant_id", "target_id", "user_id"])}
    WHERE ${isCurrentRatingSql("latest_rating")}
    GROUP BY tenant_id, model, channel`;
  const rows = await queryRows<Record<string, unknown>>(warehouse, sql);
  return rows.map((row) => ({
    tenant: String(row.tenant_id),
    model: String(row.model),
    channel: String(row.channel),
    rated: windowValues(row, "rated", windows),
    down: windowValues(row, "down", windows),
  }));
}
