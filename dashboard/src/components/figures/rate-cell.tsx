import { formatCount, formatRate } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { isSmallSample } from "@/lib/sample-size";

/** A rate with its sample size beside it; small samples are marked (never hidden), an unknown size said as such. */
export function RateCell({ value, n }: { value: number | null; n: number | null }) {
  const small = isSmallSample(n);
  return (
    <span
      className={small ? "rate small-sample" : "rate"}
      title={small ? `Small sample: fewer than ${SMALL_SAMPLE}; read with care` : undefined}
    >
      <span data-role="rate">{formatRate(value)}</span>
      <span className="sample-size" data-role="n">
        {n === null ? "n ?" : `n=${formatCount(n)}`}
      </span>
      {small ? (
        <span className="badge badge-warn" data-role="small-sample">
          small
        </span>
      ) : null}
    </span>
  );
}
