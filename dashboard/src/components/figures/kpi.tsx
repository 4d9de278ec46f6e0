import type { ReactNode } from "react";
import { formatCount } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { isSmallSample } from "@/lib/sample-size";

/**
 * One headline figure. `n` is the sample size behind a rate: shown always, marked when small;
 * null means the API does not report it, which is said rather than guessed. `small` overrides the
 * mark where the API decides it (a figure's own minimum sample); `status` is the API's word for
 * the figure (`data-status`, for a test to read).
 */
export function Kpi({
  id,
  label,
  value,
  n,
  denominator,
  hint,
  small: smallAsSaid,
  status,
}: {
  id: string;
  label: string;
  value: string;
  n?: number | null;
  denominator?: string;
  hint?: ReactNode;
  small?: boolean;
  status?: string;
}) {
  const small = smallAsSaid ?? (n !== undefined && isSmallSample(n));
  return (
    <div className={small ? "kpi small-sample" : "kpi"} data-kpi={id} data-status={status}>
      <div className="kpi-label">{label}</div>
      <div className="kpi-value" data-role="value">
        {value}
      </div>
      {n !== undefined ? (
        <div className="kpi-n" data-role="n" title={denominator ? `sample size: ${denominator}` : undefined}>
          {n === null ? "sample size not reported" : `n = ${formatCount(n)}${denominator ? ` ${denominator}` : ""}`}
          {small ? (
            <span
              className="badge badge-warn"
              data-role="small-sample"
              title={`fewer than ${SMALL_SAMPLE}: read with care`}
            >
              small sample
            </span>
          ) : null}
        </div>
      ) : null}
      {hint ? <div className="kpi-hint">{hint}</div> : null}
    </div>
  );
}

export function KpiGrid({ children }: { children: ReactNode }) {
  return <div className="kpi-grid">{children}</div>;
}
