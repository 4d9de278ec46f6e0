// Reads one session file's text into its records. Nothing here throws on bad input: a broken line,
// an unknown record or an invalid entry becomes a problem with its line number, and the rest of the
// file is still read.
import type { z } from "zod";
import { parsePythonJson } from "./python-json";
import {
  assistantMessageSchema,
  feedbackEventSchema,
  metadataRecordSchema,
  responseFactsSchema,
  responseOutcomeSchema,
  toolUseSchema,
  userMessageSchema,
  type AssistantMessage,
  type ResponseFacts,
  type ToolUse,
  type UserMessage,
  type VikingbotFeedback,
  type VikingbotOutcome,
} from "./records";

export type LineProblem = {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly kind: "broken_line" | "unknown_record" | "invalid_record";
  readonly message: string;
};

export type SessionMessage =
  | { readonly line: number; readonly role: "user"; readonly message: UserMessage }
  | {
      readonly line: number;
      readonly role: "assistant";
      readonly message: AssistantMessage;
      readonly tools: readonly PositionedToolUse[];
    };

/** A `tools_used` entry with its index in the list (kept when a sibling entry is invalid, so ids stay stable). */
export type PositionedToolUse = { readonly position: number; readonly use: ToolUse };

export type ParsedSession = {
  readonly kind: "session";
  readonly sessionKey: string;
  /** Line of the metadata record, where facts and feedback entries are reported. */
  readonly metadataLine: number;
  readonly facts: readonly ResponseFacts[];
  /** In file order, which is submission order. */
  readonly feedback: readonly { readonly position: number; readonly entry: VikingbotFeedback }[];
  /** vikingbot's own labels, by the response id they are stored under. */
  readonly outcomes: readonly { readonly responseId: string; readonly entry: VikingbotOutcome }[];
  readonly messages: readonly SessionMessage[];
  readonly problems: readonly LineProblem[];
  /** The last line has no newline yet and is not JSON: the bot is still writing it. */
  readonly incompleteTail: boolean;
};

export type NotASession = { readonly kind: "not_session"; readonly reason: string };

const issueText = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join(".") || "(record)"}: ${issue.message}`).join("; ");

function parseJsonLine(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: parsePythonJson(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Splits off the part after the last newline, which a writer may still be appending to. */
function linesOf(text: string): { lines: string[]; tail: string } {
  const lines = text.split("\n");
  const tail = lines.pop() ?? "";
  return { lines, tail };
}

/**
 * The entries of one list or object field, checked one by one by the caller. Absent or null is an
 * empty section; any other shape is reported (the section could not be read, which is not "empty").
 */
function entriesOf(
  record: Record<string, unknown>,
  key: string,
  shape: "list" | "object",
  line: number,
  problems: LineProblem[],
): [string, unknown][] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (shape === "list" ? Array.isArray(value) : typeof value === "object" && !Array.isArray(value))
    return Object.entries(value);
  problems.push({
    line,
    kind: "invalid_record",
    message: `${key}: expected ${shape === "list" ? "a list" : "an object"}, received ${Array.isArray(value) ? "a list" : typeof value}`,
  });
  return [];
}

export function parseSession(text: string): ParsedSession | NotASession {
  const { lines, tail } = linesOf(text);
  let incompleteTail = false;
  if (tail.trim() !== "") {
    if (parseJsonLine(tail).ok) lines.push(tail);
    else incompleteTail = true;
  }

  const firstIndex = lines.findIndex((line) => line.trim() !== "");
  if (firstIndex < 0) return { kind: "not_session", reason: "empty file" };
  const first = parseJsonLine(lines[firstIndex] ?? "");
  if (!first.ok) return { kind: "not_session", reason: `line ${firstIndex + 1} is not JSON` };
  const metadata = metadataRecordSchema.safeParse(first.value);
  if (!metadata.success)
    return {
      kind: "not_session",
      reason: `line ${firstIndex + 1} is not a vikingbot metadata record (${issueText(metadata.error)})`,
    };

  const problems: LineProblem[] = [];
  const metadataLine = firstIndex + 1;
  const sections = metadata.data.metadata ?? {};
  const facts: ResponseFacts[] = [];
  for (const [responseId, entry] of entriesOf(sections, "response_facts", "object", metadataLine, problems)) {
    const parsed = responseFactsSchema.safeParse(entry);
    if (parsed.success) facts.push(parsed.data);
    else
      problems.push({
        line: metadataLine,
        kind: "invalid_record",
        message: `response_facts.${responseId}: ${issueText(parsed.error)}`,
      });
  }
  const feedback: { position: number; entry: VikingbotFeedback }[] = [];
  for (const [position, entry] of entriesOf(sections, "feedback_events", "list", metadataLine, problems)) {
    const parsed = feedbackEventSchema.safeParse(entry);
    if (parsed.success) feedback.push({ position: Number(position), entry: parsed.data });
    else
      problems.push({
        line: metadataLine,
        kind: "invalid_record",
        message: `feedback_events[${position}]: ${issueText(parsed.error)}`,
      });
  }

  const outcomes: { responseId: string; entry: VikingbotOutcome }[] = [];
  for (const [responseId, entry] of entriesOf(sections, "response_outcomes", "object", metadataLine, problems)) {
    const parsed = responseOutcomeSchema.safeParse(entry);
    if (parsed.success) outcomes.push({ responseId: parsed.data.response_id ?? responseId, entry: parsed.data });
    else
      problems.push({
        line: metadataLine,
        kind: "invalid_record",
        message: `response_outcomes.${responseId}: ${issueText(parsed.error)}`,
      });
  }

  const messages: SessionMessage[] = [];
  for (let index = firstIndex + 1; index < lines.length; index++) {
    const raw = lines[index] ?? "";
    if (raw.trim() === "") continue;
    const line = index + 1;
    const json = parseJsonLine(raw);
    if (!json.ok) {
      problems.push({ line, kind: "broken_line", message: json.message });
      continue;
    }
    const role =
      typeof json.value === "object" && json.value !== null ? (json.value as { role?: unknown }).role : undefined;
    if (role === "user") {
      const parsed = userMessageSchema.safeParse(json.value);
      if (parsed.success) messages.push({ line, role: "user", message: parsed.data });
      else problems.push({ line, kind: "invalid_record", message: issueText(parsed.error) });
    } else if (role === "assistant") {
      const parsed = assistantMessageSchema.safeParse(json.value);
      if (!parsed.success) {
        problems.push({ line, kind: "invalid_record", message: issueText(parsed.error) });
        continue;
      }
      const tools: PositionedToolUse[] = [];
      for (const [position, entry] of entriesOf(parsed.data, "tools_used", "list", line, problems)) {
        const tool = toolUseSchema.safeParse(entry);
        if (tool.success) tools.push({ position: Number(position), use: tool.data });
        else
          problems.push({ line, kind: "invalid_record", message: `tools_used[${position}]: ${issueText(tool.error)}` });
      }
      messages.push({ line, role: "assistant", message: parsed.data, tools });
    } else {
      const type =
        typeof json.value === "object" && json.value !== null
          ? ((json.value as { _type?: unknown })._type ?? role)
          : typeof json.value;
      problems.push({ line, kind: "unknown_record", message: `unknown record type ${JSON.stringify(type ?? null)}` });
    }
  }
  return {
    kind: "session",
    sessionKey: metadata.data.session_key,
    metadataLine,
    facts,
    feedback,
    outcomes,
    messages,
    problems,
    incompleteTail,
  };
}
