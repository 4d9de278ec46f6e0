// Edge cases that arrive among the data set's other events but are drawn after them (see
// generateEdgeCaseDataset), so adding them left every earlier event as it was:
// - corrected response versions that move a response between values of the optional dimensions
//   (chat_type, session_type, language, user_segment) and of query_category, the views' +1/-1
//   retraction on each of them: a later version, one that moves to another hour, a tie won by the
//   greater event_id that arrives first, a tie a day later that changes one dimension alone, one
//   that drops the fields (back to `unknown`), and a third version that puts the first one's values back;
// - query texts cut at 4000 characters (code points): a re-ask phrase and a category word just
//   inside and just outside the cut;
// - the implicit-signal sessions of dataset-signals.ts.
import type { Gen, SessionDims } from "./dataset";
import { signalSessions } from "./dataset-signals";
import { TEXT_EN, TEXT_ZH, textWithTailAt } from "./dataset-texts";
import type { ResponseCompletedEvent } from "./types";
import { iso, ms } from "./util";

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

type OptionalDimension = "chat_type" | "session_type" | "language" | "user_segment";
export const OPTIONAL_DIMENSION_VALUES: Record<OptionalDimension, string[]> = {
  chat_type: ["private", "group"],
  session_type: ["chat", "aiops"],
  language: ["zh", "en"],
  user_segment: ["free", "pro", "enterprise"],
};
const OPTIONAL_DIMENSIONS = Object.keys(OPTIONAL_DIMENSION_VALUES) as OptionalDimension[];

/**
 * A copy of `v1` whose optional dimensions, category or text changed (each with some chance; at
 * least one dimension always), or, `alone`, only one dimension: nothing else tells its label row apart.
 */
function revised(g: Gen, v1: ResponseCompletedEvent, t: number, drop: boolean, alone = false): ResponseCompletedEvent {
  const v2: ResponseCompletedEvent = { ...v1, event_id: g.eventId(), occurred_at: g.time(t) };
  const forced = g.pick(OPTIONAL_DIMENSIONS);
  for (const dimension of OPTIONAL_DIMENSIONS) {
    if (dimension !== forced && (alone || !g.chance(0.5))) continue;
    const others = OPTIONAL_DIMENSION_VALUES[dimension].filter((value) => value !== v1[dimension]);
    if (drop && v1[dimension] !== undefined) delete v2[dimension];
    else v2[dimension] = g.pick(others);
  }
  const text = alone ? 1 : g.r();
  if (text < 0.3) {
    // The producer's category goes away: the new text is classified.
    delete v2.query_category;
    v2.query_text = g.pick([...TEXT_EN, ...TEXT_ZH, "   "]);
  } else if (text < 0.45) {
    v2.query_category = g.pick(["how_to", "troubleshooting", "billing"]);
  }
  return v2;
}

function dimensionRevisions(g: Gen): void {
  const firsts = new Map<string, ResponseCompletedEvent>();
  for (const { ev } of g.drafts) {
    if (ev.event_type === "response_completed" && /^r-\d{5}$/.test(ev.response_id) && !firsts.has(ev.response_id))
      firsts.set(ev.response_id, ev);
  }
  for (const v1 of firsts.values()) {
    if (!g.chance(0.12)) continue;
    const t = ms(v1.occurred_at);
    const arrived = g.draftOf(v1).arrive;
    const variant = g.weighted<string>([
      ["later", 30],
      ["next_hour", 15],
      ["tie_first", 10],
      ["tie_late", 25],
      ["dropped", 10],
      ["reverted", 10],
    ]);
    // Stay clear of the tenant's last 11 minutes: its newest event stays a response at its end.
    const latest = g.end - 11 * MIN;
    if (variant === "tie_first" || variant === "tie_late") {
      // The same occurred_at, won by the greater event_id: arriving first, or a day later with one dimension changed alone.
      const v2 = revised(g, v1, t, false, variant === "tie_late");
      v2.occurred_at = v1.occurred_at;
      g.emit(v2, variant === "tie_first" ? arrived - g.int(SEC, 10 * MIN) : arrived + g.int(12 * HOUR, 30 * HOUR));
      continue;
    }
    const t2 =
      variant === "next_hour" ? Math.floor(t / HOUR) * HOUR + HOUR + g.int(0, 20 * MIN) : t + g.int(SEC, 30 * SEC);
    if (t2 >= latest) continue;
    // Half the corrections come within two hours, half a day or more later (after an evaluation has labeled v1).
    const delay = g.chance(0.5) ? g.int(SEC, 2 * HOUR) : g.int(12 * HOUR, 30 * HOUR);
    const v2 = g.emit(revised(g, v1, t2, variant === "dropped"), arrived + delay);
    if (variant !== "reverted") continue;
    const t3 = t2 + g.int(SEC, 30 * SEC);
    if (t3 < latest)
      g.emit({ ...v1, event_id: g.eventId(), occurred_at: iso(t3) }, g.draftOf(v2).arrive + g.int(SEC, HOUR));
  }
}

function queryTextCuts(g: Gen, at: number): void {
  const sessions: [string, string | undefined][] = [
    // "try again" starts at character 3995: only "try a" is kept, so the follow-up is no re-ask (and no shell question).
    ["s-cut-1", textWithTailAt(3995, "try again in the terminal")],
    // "wrong answer" ends at character 4000, though past UTF-16 unit 4000: kept, a re-ask.
    ["s-cut-2", textWithTailAt(3988, "wrong answer, check docker")],
    // "kubectl" ends at character 4000: shell_execution; "crash" after the cut does not make it bug_diagnosis.
    ["s-cut-3", textWithTailAt(3993, "kubectl crash")],
  ];
  sessions.forEach(([session_id, text], i) => {
    const t = at + i * HOUR;
    const dims: SessionDims = { model: ["gpt-4o", "openai"], channel: "web", language: "en", chat_type: "private" };
    const first = g.response({
      t,
      response_id: `r-cut-${i + 1}`,
      session_id,
      user_id: "u-08",
      turn: 0,
      sessionDims: dims,
      query_text: "first question",
      finish_reason: "stop",
    });
    const next = g.response({
      t: t + 90 * SEC,
      response_id: `r-cut-${i + 1}-f`,
      session_id,
      user_id: "u-08",
      turn: 1,
      sessionDims: dims,
      query_text: text,
      finish_reason: "stop",
    });
    delete next.query_category;
    g.emit(first);
    g.emit(next);
    g.named.push(first.response_id, next.response_id);
  });
}

/** Emits the late edge cases of one tenant into its generator (after all its other events were drawn). */
export function lateEdges(g: Gen, rangeFrom: number): void {
  dimensionRevisions(g);
  queryTextCuts(g, rangeFrom + 20 * HOUR);
  signalSessions(g, rangeFrom + 25 * HOUR);
}
