import { BUCKET_LABELS } from "./dimensions";
import { formatCount } from "./format";
import { isKnownParam, PARAMS, paramsOf } from "./routes";
import { bucketPoints, MAX_CHART_POINTS, readableBucket, resolveRange } from "./time-range";
import { readViewState, searchParamsOf, type LinkNotice, type SearchParamsInput, type ViewReading } from "./url-state";

/**
 * What a link to `pathname` shows, and in plain words each thing it asked for that is not shown as
 * written: parameters the page does not read (routes.ts declares which it does), values the parser
 * leaves out or corrects (url-state.ts), and a chart bucket too fine for the range. The page says
 * these in a notice and rewrites its address to the state returned, so a shared link never shows
 * other figures than it names without a word. One check for every view, derived from the
 * declarations; `nowMs` resolves a relative range for the bucket's point count.
 */
export function checkLink(pathname: string, input: SearchParamsInput, nowMs: number): ViewReading {
  const query = searchParamsOf(input);
  const reads = paramsOf(pathname);
  const ignored: LinkNotice[] = [...new Set(query.keys())]
    // An empty value asks for nothing: it goes without a word.
    .filter((name) => !reads.includes(name) && query.getAll(name).some((value) => value !== ""))
    .map((name) => ({
      param: name,
      text: isKnownParam(name)
        ? `${name} does not apply to this view; ignored`
        : `“${name}” is not a filter or setting of the dashboard; ignored`,
    }));
  const reading = readViewState(new URLSearchParams([...query].filter(([name]) => reads.includes(name))));
  const notices = [...reading.notices, ...ignored];
  const { bucket } = reading.state;
  if (!bucket) return { state: reading.state, notices };
  const range = resolveRange(reading.state.range, nowMs);
  const readable = readableBucket(range, bucket);
  if (readable === bucket) return { state: reading.state, notices };
  const points = (of: typeof bucket) => formatCount(bucketPoints(range, of));
  notices.push({
    param: PARAMS.bucket,
    text: `bucket “${bucket}” gives ${points(bucket)} points over this range, more than the ${MAX_CHART_POINTS} a chart shows readably; showing one point per ${BUCKET_LABELS[readable]} (${points(readable)} points)`,
  });
  return { state: { ...reading.state, bucket: readable }, notices };
}
