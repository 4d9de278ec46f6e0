import { getLangfuseWriteback, type ReadCredentials } from "@/lib/api-client";
import { formatDuration, formatTimestamp } from "@/lib/format";

/**
 * A warning where Langfuse scores are shown when the tenant's write-back to Langfuse fails: the
 * scores in Langfuse (and the list on this page) then lag the labels. Nothing when the write-back
 * works or is not configured; nothing when its status cannot be read either (the page's panels say
 * that the API failed).
 */
export async function LangfuseWritebackBanner({ credentials }: { credentials: ReadCredentials }) {
  const result = await getLangfuseWriteback(credentials);
  if (!result.ok || !result.data.enabled || !result.data.failing) return null;
  const writeback = result.data;
  return (
    <div className="notice langfuse-writeback" role="alert" data-state="writeback-failing" id="langfuse-writeback">
      <strong>Verdicts are not reaching Langfuse: the last write-back failed ({writeback.error}).</strong>
      <p>
        The scores in Langfuse are {formatDuration((writeback.lag_seconds ?? 0) * 1000)} behind the outcome labels;
        labels written through {formatTimestamp(writeback.written_through)} are in Langfuse, last successful write-back{" "}
        {formatTimestamp(writeback.last_success_at)}. Labeling goes on; the write-back catches up when Langfuse answers
        again.
      </p>
    </div>
  );
}
