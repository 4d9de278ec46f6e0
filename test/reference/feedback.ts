import { buildTenantState } from "./state";
import type {
  CurrentRating,
  FeedbackTargetRow,
  FeedbackTargetsResult,
  RawEvent,
  ReferenceOptions,
  TargetType,
  Verification,
} from "./types";
import { ms } from "./util";

const TARGET_ORDER: TargetType[] = ["chat_message", "citation", "diagnostic_step", "diagnostic_report"];
const VERIFICATION_ORDER: Verification[] = ["verified", "unverified", "forbidden"];
const RATING_ORDER: CurrentRating[] = ["up", "down", "neutral"];

/**
 * Current ratings (up/down/neutral; a key whose latest action is `cleared` has none) counted by
 * (target_type, rating, verification), plus revisions, conflicts and retries.
 * With a range, a current rating counts when its latest action's occurred_at is in [from, to),
 * a revision / conflict / retry when its own occurred_at is; "current" is always decided over all data.
 */
export function referenceFeedbackTargets(
  events: readonly RawEvent[],
  tenant_id: string,
  range?: { from: string; to: string },
  opts: ReferenceOptions = {},
): FeedbackTargetsResult {
  const state = buildTenantState(events, tenant_id, opts);
  const from = range ? ms(range.from) : -Infinity;
  const to = range ? ms(range.to) : Infinity;
  const inRange = (t: number) => t >= from && t < to;
  const counts = new Map<string, FeedbackTargetRow>();
  let revisions = 0;
  for (const c of state.currentFeedback.values()) {
    revisions += c.revision_times.filter(inRange).length;
    if (c.rating === "cleared" || !inRange(c.t)) continue;
    const k = `${c.target_type}|${c.rating}|${c.verification}`;
    const row = counts.get(k) ?? {
      target_type: c.target_type,
      rating: c.rating,
      verification: c.verification,
      count: 0,
    };
    row.count++;
    counts.set(k, row);
  }
  const rows = [...counts.values()].sort(
    (a, b) =>
      TARGET_ORDER.indexOf(a.target_type) - TARGET_ORDER.indexOf(b.target_type) ||
      RATING_ORDER.indexOf(a.rating) - RATING_ORDER.indexOf(b.rating) ||
      VERIFICATION_ORDER.indexOf(a.verification) - VERIFICATION_ORDER.indexOf(b.verification),
  );
  return {
    rows,
    revisions,
    conflicts: state.conflicts.filter((a) => inRange(a.t)).length,
    retries: state.retries.filter((a) => inRange(a.t)).length,
  };
}
