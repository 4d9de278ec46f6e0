"use client";

import { useEffect } from "react";
import type { LinkNotice } from "@/lib/url-state";
import { NoticeList } from "./notice-list";

/**
 * Says what the link asked for that the view does not show as written, and rewrites the address
 * to what it shows. replaceState adds no history entry and reloads nothing (the figures on screen
 * are already those of `href`); Next.js's router follows it, so the filter bar and the navigation
 * read the rewritten state. A server redirect would have lost the notice (it cannot set a cookie
 * from a page, and a notice in the URL would travel with a shared link).
 */
export function UrlNotice({ notices, href }: { notices: LinkNotice[]; href: string }) {
  useEffect(() => {
    // After the commit's other effects: on the first render Next.js patches replaceState in its
    // router's own effect, which runs after this one. The state argument must not be Next.js's own
    // (it would then skip updating its router).
    const timer = window.setTimeout(() => window.history.replaceState(null, "", `${href}${window.location.hash}`), 0);
    return () => window.clearTimeout(timer);
  }, [href]);
  return <NoticeList name="url-notice" lead="The link was corrected to what this page shows:" notices={notices} />;
}
