"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useTransition } from "react";
import { parseViewState, viewHref, type ViewState } from "@/lib/url-state";

/**
 * The current view state (from the URL) and a way to move to another: every control changes the
 * view only by changing the URL. Navigations run in a transition; a newer one supersedes an older
 * one still in flight, so a late answer never replaces the view the user asked for last.
 */
export function useViewNavigation() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => parseViewState(new URLSearchParams(searchParams.toString())), [searchParams]);
  const [isPending, startTransition] = useTransition();
  const navigate = (next: ViewState) => {
    startTransition(() => router.push(viewHref(pathname, next), { scroll: false }));
  };
  return { state, navigate, isPending, pathname };
}
