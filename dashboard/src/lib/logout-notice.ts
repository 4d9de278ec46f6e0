/**
 * What logging out of one tenant tells the next page: which tenant was left and which one is shown
 * now. It travels in a short-lived cookie the page reads once and deletes (not in the URL, which
 * says only what the view shows). Not secret: both are tenants this browser was logged in to.
 */
export const LOGOUT_NOTICE_COOKIE = "answerscope_logout_notice";
export const LOGOUT_NOTICE_MAX_AGE_SECONDS = 60;

export interface LogoutNotice {
  loggedOut: string;
  /** null: no tenant left (the login page). */
  showing: string | null;
}

export const encodeLogoutNotice = (notice: LogoutNotice): string => JSON.stringify(notice);

export function decodeLogoutNotice(value: string | undefined): LogoutNotice | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<LogoutNotice>;
    return typeof parsed.loggedOut === "string" && (typeof parsed.showing === "string" || parsed.showing === null)
      ? { loggedOut: parsed.loggedOut, showing: parsed.showing }
      : null;
  } catch {
    return null;
  }
}
