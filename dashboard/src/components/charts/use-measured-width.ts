"use client";

import { useLayoutEffect, useRef, useState } from "react";

/**
 * The width of a chart's container, measured, so charts get a fixed pixel size (recharts draws
 * nothing into a container it cannot size) yet follow the layout between a laptop and 1280 px.
 */
export function useMeasuredWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(280, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width: width ?? fallback, measured: width !== null };
}
