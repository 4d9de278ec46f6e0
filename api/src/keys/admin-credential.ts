import { createHash, timingSafeEqual } from "node:crypto";
import { bearerToken, HttpError } from "@answerscope/runtime";
import type { IncomingMessage } from "node:http";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The admin credential (ANSWERSCOPE_ADMIN_KEY) guards the admin routes. Without one configured the
 * routes refuse everyone, saying why: keys are then managed only where the warehouse can be opened.
 */
export function requireAdmin(req: IncomingMessage, adminKey: string | undefined): void {
  if (!adminKey)
    throw new HttpError(
      "forbidden",
      "this server has no admin credential (ANSWERSCOPE_ADMIN_KEY), so its admin routes are off",
    );
  const token = bearerToken(req.headers.authorization);
  if (!token || !timingSafeEqual(digest(token), digest(adminKey)))
    throw new HttpError(
      "unauthenticated",
      "missing or wrong admin credential (Authorization: Bearer <ANSWERSCOPE_ADMIN_KEY>)",
    );
}
