import type { SessionMessage } from "../vikingbot/parse-session";
import { messageText } from "./message-text";

/** The user turn an answer replied to. */
export type AnsweredQuery = { readonly queryText: string | null; readonly turnIndex: number };

/**
 * For each assistant message with a response id: the nearest user line before it. Experience
 * reminders are injected by the bot, not typed by the user, so they are neither the query nor a turn.
 */
export function queriesByResponse(messages: readonly SessionMessage[]): Map<string, AnsweredQuery> {
  const queries = new Map<string, AnsweredQuery>();
  let lastQuery: string | null = null;
  let userTurns = 0;
  for (const entry of messages) {
    if (entry.role === "user") {
      if (entry.message.experience_reminder === true) continue;
      lastQuery = messageText(entry.message.content);
      userTurns++;
    } else if (entry.message.response_id) {
      queries.set(entry.message.response_id, { queryText: lastQuery, turnIndex: Math.max(0, userTurns - 1) });
    }
  }
  return queries;
}
