// Named sessions for the implicit-signal figures of docs/metrics.md "Attribution" (abandonment,
// severity and repeated down ratings), drawn with the late edge cases, after every other event,
// so adding them moved none:
// - s-sig-1: a bad answer (re-asked) whose re-ask is left without rating or follow-up: abandoned;
// - s-sig-2: a bad answer followed by another bad one, that one then left: the first is not
//   abandoned (its follow-up got a follow-up), the second is;
// - s-sig-3: a neutral answer whose follow-up the user rated: not abandoned;
// - s-sig-4: rated down twice by its owner, severity 2 then 5 (the current one): repeated;
// - s-sig-5: rated down (severity 3), cleared, rated down again without severity: repeated;
// - s-sig-7-1..15: one answer each, rated down with severity 1..5 (with the data set's own severities,
//   enough for the mean to reach its minimum sample);
// - s-sig-6 (t-globex only, in its last minutes): a down-rated answer whose follow-up's window is
//   still open when the data ends: pending.
import type { Gen, SessionDims } from "./dataset";
import type { FeedbackSubmittedEvent } from "./types";

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const USER = "u-09";
const DIMS: SessionDims = { model: ["gpt-4o", "openai"], channel: "slack", language: "en" };
const REASK = "that's wrong, try again";
const NEXT = "and what about the next step?";

/** A session of answers 90 s apart, one per query text (a follow-up of the one before); returns their ids. */
function session(g: Gen, id: string, t: number, texts: (string | undefined)[]): string[] {
  return texts.map((query_text, turn) => {
    const at = t + turn * 90 * SEC;
    const response_id = `r-sig-${id}-${turn + 1}`;
    const r = g.response({
      t: at,
      response_id,
      session_id: `s-sig-${id}`,
      user_id: USER,
      turn,
      sessionDims: DIMS,
      query_text,
      finish_reason: "stop",
    });
    g.emit(r, at + SEC);
    g.named.push(response_id);
    return response_id;
  });
}

function rate(g: Gen, target_id: string, t: number, rating: FeedbackSubmittedEvent["rating"], severity?: number): void {
  const ev = g.feedbackEvent({ t, target_type: "chat_message", target_id, user_id: USER, rating, severity });
  g.emit(ev, t + SEC);
}

/** Emits the signal sessions of one tenant, the first at `at`. */
export function signalSessions(g: Gen, at: number): void {
  session(g, "1", at, ["how do I rotate the keys?", REASK]);
  session(g, "2", at + HOUR, ["where is the config?", REASK, REASK]);
  const [, rated] = session(g, "3", at + 2 * HOUR, ["what changed in v2?", NEXT]);
  rate(g, rated!, at + 2 * HOUR + 3 * MIN, "up");
  const [twice] = session(g, "4", at + 3 * HOUR, ["why is the build red?"]);
  rate(g, twice!, at + 3 * HOUR + MIN, "down", 2);
  rate(g, twice!, at + 3 * HOUR + 5 * MIN, "down", 5);
  const [cleared] = session(g, "5", at + 4 * HOUR, ["summarise the incident"]);
  rate(g, cleared!, at + 4 * HOUR + MIN, "down", 3);
  rate(g, cleared!, at + 4 * HOUR + 2 * MIN, "cleared");
  rate(g, cleared!, at + 4 * HOUR + 3 * MIN, "down");
  for (let k = 0; k < 15; k++) {
    const t = at + 5 * HOUR + k * 20 * MIN;
    const [answer] = session(g, `7-${k + 1}`, t, ["is the queue healthy?"]);
    rate(g, answer!, t + MIN, "down", (k % 5) + 1);
  }
  if (g.tenant_id !== "t-globex") return;
  // The tenant's newest event stays its response at `end`: these come before it.
  const [open] = session(g, "6", g.end - 5 * MIN, ["is the deploy done?", NEXT]);
  rate(g, open!, g.end - 4 * MIN, "down", 4);
}
