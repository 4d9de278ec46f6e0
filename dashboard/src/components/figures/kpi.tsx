import type { ReactNode } from "react";
import { formatCount } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { isSmallSample } from "@/lib/sample-size";

/**
 * One headline figure. `n` is the sample size behind a rate: shown always, marked when small;
 * null means the API does not report it, which is said rather than guessed.
 */
export function Kpi({
  id,
  label,
  value,
  n,
  denominator,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  n?: number | null;
  denominator?: string;
  hint?: ReactNode;
}) {
  const small = n !== undefined && isSmallSample(n);
  return (
    <div className={small ? "kpi small-sample" : "kpi"} data-kpi={id}>
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
