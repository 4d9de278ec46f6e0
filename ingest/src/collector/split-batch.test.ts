import { describe, expect, it } from "vitest";
import { HttpError } from "@answerscope/runtime";
import { splitBatch } from "./split-batch";

const body = (text: string) => Buffer.from(text);

describe("splitBatch", () => {
  it("splits a JSON array into one text per event", () => {
    expect(splitBatch(body('[{"a":1}, {"b":2}]'), "application/json", 10)).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("splits NDJSON by line and keeps broken lines for per-event rejection", () => {
    expect(splitBatch(body('{"a":1}\n\n{broken\n'), "application/x-ndjson", 10)).toEqual(['{"a":1}', "{broken"]);
  });

  it("answers 400 naming the body for a broken array or a non-array", () => {
    expect(() => splitBatch(body("[{"), "application/json", 10)).toThrowError(HttpError);
    expect(() => splitBatch(body("[{"), "application/json", 10)).toThrow(/body: not valid JSON/);
    expect(() => splitBatch(body(""), "application/json", 10)).toThrow(/no events/);
  });

  it("answers 413 over the event limit", () => {
    try {
      splitBatch(body("[1,2,3]"), "application/json", 2);
      expect.unreachable();
    } catch (error) {
      expect((error as HttpError).code).toBe("too_large");
    }
  });
});
