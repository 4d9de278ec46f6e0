import type { ParsedSession } from "../vikingbot/parse-session";
import { feedbackEventOf } from "./feedback-event";
import { localTimeToEpochMs } from "./local-time";
import type { MappedEvent, MappingContext, MappingProblem } from "./mapping-context";
import { outcomeEventOf } from "./outcome-event";
import { queriesByResponse } from "./queries-by-response";
import { responseEventOf } from "./response-event";
import { toolEventsOf } from "./tool-events";

export type SessionEvents = {
  /** Answers first, then tool calls, then ratings, then vikingbot's own labels, each in file order. */
  readonly events: readonly MappedEvent[];
  readonly problems: readonly MappingProblem[];
  /** `rating` submissions without a number: vikingbot reads them as no feedback, so they are only counted. */
  readonly unscoredRatings: number;
  /** Assistant messages without facts (heartbeat no-op replies): no answer event. */
  readonly repliesWithoutFacts: number;
};

/** Every event one parsed session file yields. */
export function sessionEventsOf(session: ParsedSession, context: MappingContext): SessionEvents {
  const problems: MappingProblem[] = [];
  const queries = queriesByResponse(session.messages);
  const factsById = new Map(session.facts.map((facts) => [facts.response_id, facts]));

  const responses: MappedEvent[] = [];
  for (const facts of session.facts) {
    const query = queries.get(facts.response_id);
    const mapped = responseEventOf(facts, session.sessionKey, query, context);
    if (typeof mapped === "string") problems.push({ line: session.metadataLine, message: mapped });
    else responses.push(mapped);
  }

  const tools: MappedEvent[] = [];
  let repliesWithoutFacts = 0;
  // Whose session it is, for tool calls of messages without facts (heartbeats): the answers' owner,
  // else the user who wrote last.
  const sessionOwner = session.facts[0]?.user_id ?? null;
  let lastSender: string | null = null;
  for (const entry of session.messages) {
    if (entry.role === "user") {
      if (entry.message.experience_reminder !== true) lastSender = entry.message.sender_id ?? lastSender;
      continue;
    }
    const responseId = entry.message.response_id ?? null;
    const facts = responseId ? factsById.get(responseId) : undefined;
    if (!facts) repliesWithoutFacts++;
    if (entry.tools.length === 0) continue;
    const timeText = entry.message.timestamp ?? facts?.created_at ?? null;
    const occurredAtMs = timeText === null ? null : localTimeToEpochMs(timeText, context.timeZone);
    const userId = facts?.user_id ?? sessionOwner ?? lastSender;
    if (occurredAtMs === null || !userId) {
      problems.push({
        line: entry.line,
        message:
          occurredAtMs === null
            ? `assistant timestamp ${JSON.stringify(timeText)} is not a time`
            : "no user to own the tool calls",
      });
      continue;
    }
    const parent = {
      sessionKey: session.sessionKey,
      sessionId: facts?.session_id ?? session.sessionKey,
      userId,
      responseId,
      line: entry.line,
      occurredAtMs,
    };
    tools.push(...toolEventsOf(entry.tools, parent, context));
  }

  const ratings: MappedEvent[] = [];
  let unscoredRatings = 0;
  for (const { position, entry } of session.feedback) {
    const mapped = feedbackEventOf(
      entry,
      position,
      session.sessionKey,
      context,
      factsById.get(entry.response_id)?.user_id ?? null,
    );
    if (mapped.kind === "unscored") unscoredRatings++;
    else if (mapped.kind === "problem") problems.push({ line: session.metadataLine, message: mapped.message });
    else ratings.push(mapped.mapped);
  }

  const labels: MappedEvent[] = [];
  for (const { responseId, entry } of session.outcomes) {
    const mapped = outcomeEventOf(responseId, entry, session.sessionKey, context);
    if (typeof mapped === "string") problems.push({ line: session.metadataLine, message: mapped });
    else labels.push(mapped);
  }

  return { events: [...responses, ...tools, ...ratings, ...labels], problems, unscoredRatings, repliesWithoutFacts };
}
