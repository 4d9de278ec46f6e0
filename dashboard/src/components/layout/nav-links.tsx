"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { parseViewState, sharedPart, viewHref } from "@/lib/url-state";

export const VIEWS = [
  { href: "/effect", label: "Effect" },
  { href: "/diagnostics", label: "Diagnostics" },
  { href: "/feedback", label: "Negative feedback" },
  { href: "/compare", label: "Compare" },
  { href: "/rejected", label: "Rejected events" },
  { href: "/agreement", label: "Label agreement" },
] as const;

/** Links between views that keep tenant, time and filters: moving between views never loses the question. */
export function NavLinks() {
  const pathname = usePathname();
  const shared = sharedPart(parseViewState(new URLSearchParams(useSearchParams().toString())));
  return (
    <nav className="nav" aria-label="Views">
      {VIEWS.map((view) => (
        <Link key={view.href} href={viewHref(view.href, shared)} className={pathname.startsWith(view.href) ? "nav-link active" : "nav-link"} aria-current={pathname.startsWith(view.href) ? "page" : undefined}>
          {view.label}
        </Link>
      ))}
    </nav>
  );
}
