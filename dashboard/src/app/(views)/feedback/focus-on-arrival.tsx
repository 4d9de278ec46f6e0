"use client";

import { useEffect } from "react";

/**
 * Moves focus to the element `id` (and scrolls it to the top) when the page was opened with its
 * anchor, once it has rendered: after choosing a reason or a page of samples, the next Tab is in
 * the samples and a screen reader reads the panel's name, not the control left behind. Without the
 * anchor (a plain link, a select of the panel) focus stays where it is.
 */
export function FocusOnArrival({ id }: { id: string }) {
  useEffect(() => {
    if (window.location.hash !== `#${id}`) return;
    const target = document.getElementById(id);
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  }, [id]);
  return null;
}
