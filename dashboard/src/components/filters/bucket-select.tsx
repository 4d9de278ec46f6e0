import { BUCKET_LABELS, BUCKETS } from "@/lib/dimensions";
import type { ResolvedView } from "@/lib/resolve-view";
import { bucketPoints, MAX_CHART_POINTS } from "@/lib/time-range";
import { UrlSelect } from "./url-select";

/**
 * A trend panel's bucket choice: only the sizes that give a readable number of points over the
 * view's range (a link asking for another is corrected with a notice, lib/link-check.ts), so the
 * select never offers what the page would refuse.
 */
export function BucketSelect({ view }: { view: ResolvedView }) {
  const readable = BUCKETS.filter((bucket) => bucketPoints(view.range, bucket) <= MAX_CHART_POINTS);
  return (
    <UrlSelect
      field="bucket"
      label="Bucket"
      value={view.state.bucket}
      emptyLabel={`auto (${BUCKET_LABELS[view.bucket]})`}
      options={readable.map((bucket) => ({ value: bucket, label: BUCKET_LABELS[bucket] }))}
    />
  );
}
