import { HttpError } from "@answerscope/runtime";

/**
 * A collector body to one raw text per event: a JSON array, or NDJSON (one event
 * per line). Each event is then validated on its own, so one bad event never
 * costs the others; only a body that is neither form is a 400.
 */
export function splitBatch(body: Buffer, contentType: string | undefined, maxEvents: number): string[] {
  const text = body.toString("utf8");
  const isNdjson = /ndjson|jsonlines|x-json-stream/i.test(contentType ?? "") || !text.trimStart().startsWith("[");
  let events: string[];
  if (isNdjson) {
    events = text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new HttpError(
        "invalid_request",
        `body: not valid JSON (${error instanceof Error ? error.message : "parse error"})`,
      );
    }
    if (!Array.isArray(parsed))
      throw new HttpError("invalid_request", "body: must be a JSON array of events or NDJSON");
    events = parsed.map((item) => JSON.stringify(item));
  }
  if (events.length === 0) throw new HttpError("invalid_request", "body: contains no events");
  if (events.length > maxEvents)
    throw new HttpError("too_large", `body: ${events.length} events, the limit is ${maxEvents}`);
  return events;
}
