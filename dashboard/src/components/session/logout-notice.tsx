"use client";

import { useEffect, useState } from "react";
import { decodeLogoutNotice, LOGOUT_NOTICE_COOKIE, type LogoutNotice } from "@/lib/logout-notice";

/** Takes the logout notice meant for the page showing `tenant` (null: the login page), once. */
function takeNotice(tenant: string | null): LogoutNotice | null {
  const prefix = `${LOGOUT_NOTICE_COOKIE}=`;
  const raw = document.cookie.split("; ").find((cookie) => cookie.startsWith(prefix));
  if (!raw) return null;
  document.cookie = `${LOGOUT_NOTICE_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
  const notice = decodeLogoutNotice(decodeURIComponent(raw.slice(prefix.length)));
  return notice && notice.showing === tenant ? notice : null;
}

/**
 * After logging out of one tenant: which tenant was left and whose data the page shows now. A
 * status region that is there before its text, so screen readers announce the text.
 */
export function LogoutNoticeBanner({ tenant }: { tenant: string | null }) {
  const [notice, setNotice] = useState<LogoutNotice | null>(null);
  // The cookie is only in the browser: read after mounting, and again when the page's tenant changes (the redirect after logging out).
  useEffect(() => setNotice(takeNotice(tenant)), [tenant]);
  return (
    <div role="status" className="logout-notice-region">
      {notice ? (
        <p className="notice" data-role="logout-notice">
          Logged out of tenant <strong>{notice.loggedOut}</strong>.{" "}
          {notice.showing ? (
            <>
              Now showing tenant <strong>{notice.showing}</strong>, same view and time range.
            </>
          ) : (
            "No tenant is logged in here any more."
          )}{" "}
          <button type="button" className="button-link" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
