import { formatCount, formatRate } from "@/lib/format";
import { SMALL_SAMPLE } from "@/lib/metrics-catalog";
import { isSmallSample } from "@/lib/sample-size";

/** Why a rate is marked: its badge, the sentence on hover, and whether it is a small sample. */
export interface RateMark {
  badge: string;
  title: string;
  small: boolean;
  /** The API's status of the figure, where it gives one (`data-status`). */
  status?: string;
}

const SMALL_MARK: RateMark = {
  badge: "small",
  title: `Small sample: fewer than ${SMALL_SAMPLE}; read with care`,
  small: true,
};

/**
 * A rate with its sample size beside it; small samples are marked (never hidden), an unknown size said as such.
 * `mark` replaces the small-sample rule where the API says why a figure has no value (null: no mark).
 */
export function RateCell({ value, n, mark }: { value: number | null; n: number | null; mark?: RateMark | null }) {
  const shown = mark !== undefined ? mark : isSmallSample(n) ? SMALL_MARK : null;
  return (
    <span className={shown?.small ? "rate small-sample" : "rate"} title={shown?.title} data-status={shown?.status}>
      <span data-role="rate">{formatRate(value)}</span>
      <span className="sample-size" data-role="n">
        {n === null ? "n ?" : `n=${formatCount(n)}`}
      </span>
      {shown ? (
        <span className="badge badge-warn" data-role={shown.small ? "small-sample" : "status"}>
          {shown.badge}
        </span>
      ) : null}
    </span>
  );
}
