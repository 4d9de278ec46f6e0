"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { VIEWS } from "@/lib/routes";
import { parseViewState, sharedPart, viewHref } from "@/lib/url-state";

/** Links between views that keep tenant, time and filters: moving between views never loses the question. */
export function NavLinks() {
  const pathname = usePathname();
  const shared = sharedPart(parseViewState(new URLSearchParams(useSearchParams().toString())));
  return (
    <nav className="nav" aria-label="Views">
      {Object.values(VIEWS).map((view) => (
        <Link key={view.path} href={viewHref(view.path, shared)} className={pathname.startsWith(view.path) ? "nav-link active" : "nav-link"} aria-current={pathname.startsWith(view.path) ? "page" : undefined}>
          {view.label}
        </Link>
      ))}
    </nav>
  );
}
