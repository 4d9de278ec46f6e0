import type { ReactNode } from "react";
import {
  attributionLabel,
  statusSentence,
  type AttributionMetricName,
  type FigureStatus,
} from "@/lib/attribution-catalog";
import { Kpi } from "./kpi";

/**
 * A headline figure whose API answer carries a status: its value only when computed, else what it
 * is (small sample, no data, no variation, labels unavailable) in words, never a 0. The label and
 * minimum sample come from the attribution catalog.
 */
export function FigureKpi({
  id,
  metric,
  label = attributionLabel(metric),
  value,
  n,
  status,
  details,
}: {
  id: string;
  metric: AttributionMetricName;
  label?: string;
  /** Formatted by the caller; the API's value is null unless the status is ok. */
  value: string;
  n: number | null;
  status: FigureStatus;
  details?: ReactNode;
}) {
  const why = statusSentence(metric, status, n);
  return (
    <Kpi
      id={id}
      label={label}
      value={value}
      // Without labels there is no sample to size: the status says so instead of "n = ?".
      n={status === "labels_unavailable" ? undefined : n}
      small={status === "insufficient_sample"}
      status={status}
      hint={
        <>
          {why ? <span data-role="status">{why}</span> : null}
          {details}
        </>
      }
    />
  );
}
