"use client";

import { useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";

interface Overflow {
  /** Content hidden past the left edge (scrolled to the right). */
  left: boolean;
  right: boolean;
}

/**
 * Content wider than its panel (a table on a phone) scrolls inside the panel, never the page. While
 * it overflows, shadows mark the edges with more behind them, a hint says so in words, and the area
 * is a focusable region named after its panel, so a keyboard can scroll it too.
 */
export function ScrollRegion({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const [label, setLabel] = useState("Table");
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The panel around the table carries its title as aria-label (`Panel`).
    const title = element.parentElement?.closest("[aria-label]")?.getAttribute("aria-label");
    if (title) setLabel(`${title}: table`);
    const measure = () => {
      // One pixel of slack: sub-pixel widths round either way.
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((previous) => (previous.left === left && previous.right === right ? previous : { left, right }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, []);
  const scrolls = overflow.left || overflow.right;
  return (
    <>
      {scrolls ? (
        <p className="scroll-hint" id={hintId} data-role="scroll-hint">
          Scroll sideways for more columns
        </p>
      ) : null}
      <div className="scroll-shadow" data-more-left={overflow.left} data-more-right={overflow.right}>
        <div
          ref={ref}
          className="table-scroll"
          data-scrolls={scrolls}
          {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label, "aria-describedby": hintId } : {})}
        >
          {children}
        </div>
      </div>
    </>
  );
}
