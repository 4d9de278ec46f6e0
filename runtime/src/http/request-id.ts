import { randomUUID } from "node:crypto";

/** A caller's own id is kept when it is short and plain, so its logs and ours can be joined. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = "x-request-id";

/** The request's id: the caller's `x-request-id` when usable, else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && CALLER_ID.test(header) ? header : randomUUID();
}
