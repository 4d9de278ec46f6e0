// vikingbot sessions whose own labels (response_outcomes) agree and disagree with Answerscope's in
// known ways, for test/integration/label-agreement.test.ts (which works out the figures they imply).
// Times are the bot host's local time, Asia/Shanghai (+08:00).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { assistantLine, metadataLine, sessionText, userLine, type OutcomeInput } from "./vikingbot-lines";

export const CAROL_KEY = "feishu__cli_abc__oc_carol";
export const CAROL_FILE = `${CAROL_KEY}~00000000000000c0.jsonl`;
export const DAN_KEY = "slack__T01__U7";
export const DAN_FILE = `${DAN_KEY}.jsonl`;

const carol = { session_id: CAROL_KEY, user_id: "ou_carol", channel: "feishu__cli_abc" };
const dan = { session_id: DAN_KEY, user_id: "U7", channel: "slack__T01" };

/** c5 as vikingbot first labelled it (a message came within 10 minutes, it thought), and its re-evaluation. */
export const C5_FIRST: OutcomeInput = { label: "reasked", evaluated_at: "2026-08-20T11:35:00", reask_within_10m: true };
export const C5_REEVALUATED: OutcomeInput = { label: "resolved", evaluated_at: "2026-08-20T12:00:00" };

export function carolLines(c5: OutcomeInput = C5_FIRST): string[] {
  return [
    metadataLine(
      CAROL_KEY,
      [
        { ...carol, response_id: "c1", created_at: "2026-08-20T10:00:00" },
        { ...carol, response_id: "c2", created_at: "2026-08-20T10:02:00" },
        { ...carol, response_id: "c3", created_at: "2026-08-20T10:05:00" },
        { ...carol, response_id: "c4", created_at: "2026-08-20T10:40:00" },
        { ...carol, response_id: "c5", created_at: "2026-08-20T11:30:00" },
      ],
      [
        {
          ...carol,
          response_id: "c1",
          feedback_type: "thumb_up",
          feedback_score: 1,
          created_at: "2026-08-20T10:01:00",
        },
        {
          ...carol,
          response_id: "c4",
          feedback_type: "thumb_down",
          feedback_score: -1,
          created_at: "2026-08-20T10:41:00",
        },
      ],
      {
        c1: {
          label: "positive_feedback",
          evaluated_at: "2026-08-20T10:10:00",
          feedback_type: "thumb_up",
          reask_within_10m: true,
        },
        c2: { label: "reasked", evaluated_at: "2026-08-20T10:10:00", reask_within_10m: true },
        c3: { label: "follow_up_without_feedback", evaluated_at: "2026-08-20T10:45:00" },
        c4: { label: "negative_feedback", evaluated_at: "2026-08-20T10:45:00", feedback_type: "thumb_down" },
        c5,
      },
    ),
    userLine("How do I reset my password?", "2026-08-20T10:00:00", "ou_carol"),
    assistantLine("c1", "2026-08-20T10:00:00", null),
    userLine("That's wrong, there is no such menu", "2026-08-20T10:02:00", "ou_carol"),
    assistantLine("c2", "2026-08-20T10:02:00", null),
    userLine("Thanks, and how do I add a user?", "2026-08-20T10:05:00", "ou_carol"),
    assistantLine("c3", "2026-08-20T10:05:00", null),
    userLine("Which roles are there?", "2026-08-20T10:40:00", "ou_carol"),
    assistantLine("c4", "2026-08-20T10:40:00", null),
    userLine("Can I export the audit log?", "2026-08-20T11:30:00", "ou_carol"),
    assistantLine("c5", "2026-08-20T11:30:00", null),
  ];
}

export function danLines(): string[] {
  return [
    metadataLine(
      DAN_KEY,
      [
        { ...dan, response_id: "d1", created_at: "2026-08-20T11:00:00" },
        { ...dan, response_id: "d2", created_at: "2026-08-20T11:05:00" },
        { ...dan, response_id: "d3", created_at: "2026-08-20T12:30:00" },
        { ...dan, response_id: "d4", created_at: "2026-08-20T12:44:00" },
      ],
      [
        // Neutral: vikingbot reads no verdict in it; Answerscope gets a neutral rating, which d2's re-ask beats.
        { ...dan, response_id: "d1", feedback_type: "rating", feedback_score: 0, created_at: "2026-08-20T11:01:00" },
        // The tenant's newest event (04:45Z): closes every window but d4's (04:44Z).
        { ...dan, response_id: "d3", feedback_type: "thumb_up", feedback_score: 1, created_at: "2026-08-20T12:45:00" },
      ],
      {
        d1: { label: "reasked", evaluated_at: "2026-08-20T11:10:00", reask_within_10m: true },
        // A label vikingbot's documented rule never gives: shown, not compared.
        d2: { label: "follow_up", evaluated_at: "2026-08-20T11:20:00" },
        // d3 has no label of vikingbot's; d4 is labelled before Answerscope's window closed.
        d4: { label: "resolved", evaluated_at: "2026-08-20T12:46:00" },
        // A label of an answer without facts (nothing of it was imported).
        r_ghost: { label: "negative_feedback", evaluated_at: "2026-08-20T12:50:00" },
      },
    ),
    userLine("Revenue by region?", "2026-08-20T11:00:00", "U7"),
    assistantLine("d1", "2026-08-20T11:00:00", null),
    userLine("Try again please, by country", "2026-08-20T11:05:00", "U7"),
    assistantLine("d2", "2026-08-20T11:05:00", null),
    userLine("And last year?", "2026-08-20T12:30:00", "U7"),
    assistantLine("d3", "2026-08-20T12:30:00", null),
    userLine("Per month?", "2026-08-20T12:44:00", "U7"),
    assistantLine("d4", "2026-08-20T12:44:00", null),
  ];
}

export async function writeAgreementFixtures(directory: string, c5: OutcomeInput = C5_FIRST): Promise<void> {
  await writeFile(join(directory, CAROL_FILE), sessionText(carolLines(c5)));
  await writeFile(join(directory, DAN_FILE), sessionText(danLines()));
}
