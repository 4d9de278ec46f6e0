import type { DemoMessage } from "../scenario/demo-message";

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The request body for one collector batch. A JSON array normally, built from the events' own
 * text (no re-serialization, so what is sent is what was generated). A batch that holds broken
 * JSON cannot be an array (one broken element makes the whole body a 400), so it goes as NDJSON,
 * which the collector also accepts and validates line by line, rejecting only the broken line.
 */
export function collectorBodyOf(batch: readonly DemoMessage[]): { body: string; contentType: string } {
  const broken = batch.some((message) => message.malformed && !isJson(message.value));
  if (broken)
    return {
      body: `${batch.map((message) => message.value.replace(/\n/g, " ")).join("\n")}\n`,
      contentType: "application/x-ndjson",
    };
  return { body: `[${batch.map((message) => message.value).join(",")}]`, contentType: "application/json" };
}
