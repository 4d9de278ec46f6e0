import { HttpError, readBody } from "@answerscope/runtime";
import type { IncomingMessage } from "node:http";
import type { z } from "zod";

/** The keys routes' bodies are a few fields. */
const MAX_BODY_BYTES = 16 * 1024;

/** A JSON body that fits `schema`, or a 400 that says what does not. */
export async function jsonBody<T extends z.ZodType>(req: IncomingMessage, schema: T): Promise<z.output<T>> {
  const text = (await readBody(req, MAX_BODY_BYTES)).toString("utf8");
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new HttpError("invalid_request", "the body is not JSON");
  }
  const result = schema.safeParse(parsed);
  if (!result.success)
    throw new HttpError(
      "invalid_request",
      result.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; "),
    );
  return result.data;
}

/** A warehouse that cannot be read or written is the API's 503, as on every route. */
export async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch {
    throw new HttpError("unavailable", "the warehouse could not be read or written");
  }
}
