"use client";

import { useEffect, useState } from "react";
import type { Dimension } from "@/lib/dimensions";

export interface DimensionValue {
  value: string;
  responses: number;
}

export type DimensionValuesState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; values: DimensionValue[] }
  | { status: "error"; message: string };

/**
 * The values a dimension takes in the range (with response counts), read through the dashboard's
 * server. A newer question aborts the older request, so a slow answer for the previous dimension
 * can never fill the list of the current one.
 */
export function useDimensionValues(query: {
  tenant: string | null;
  dimension: Dimension | null;
  from: string;
  to: string;
}): DimensionValuesState {
  const [state, setState] = useState<DimensionValuesState>({ status: "idle" });
  const { tenant, dimension, from, to } = query;
  useEffect(() => {
    if (!tenant || !dimension) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    const params = new URLSearchParams({ tenant, dimension, from, to });
    fetch(`/data/dimension-values?${params.toString()}`, { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as { values?: DimensionValue[]; error?: { message: string } };
        if (!response.ok || !body.values) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
        setState({ status: "ready", values: body.values });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [tenant, dimension, from, to]);
  return state;
}
