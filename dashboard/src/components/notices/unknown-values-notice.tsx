import { getMetrics, getTools } from "@/lib/api-client";
import { DIMENSION_LABELS, DIMENSIONS } from "@/lib/dimensions";
import type { ResolvedView } from "@/lib/resolve-view";
import { PARAMS } from "@/lib/routes";
import { NoticeList } from "./notice-list";

interface ValueCheck {
  param: string;
  /** The values the link filters on. */
  asked: string[];
  /** The values present in the range, or null when the API could not say (then nothing is claimed). */
  present: Promise<Set<string> | null>;
  /** The sentence for a value absent from the range. */
  absent: (value: string) => string;
}

/** The filters of the view whose values the API can list: each dimension's (responses in range) and the tools' (tool calls in range, with the other filters). */
function valueChecks(view: ResolvedView): ValueCheck[] {
  const { credentials, range, state } = view;
  const dimensions = DIMENSIONS.filter((dimension) => state.filters[dimension]?.length).map(
    (dimension): ValueCheck => ({
      param: dimension,
      asked: state.filters[dimension]!,
      present: getMetrics(credentials, { range, groupBy: [dimension] }).then((result) =>
        result.ok ? new Set(result.data.rows.map((row) => row.dims[dimension] ?? "")) : null,
      ),
      absent: (value) =>
        `No response in this range has ${DIMENSION_LABELS[dimension].toLowerCase()} “${value}”: the filter is kept, and counts none.`,
    }),
  );
  // The same read as the tool figures' list of tools (one request per page render, api-client.ts).
  const tools: ValueCheck[] = state.tools.length
    ? [
        {
          param: PARAMS.tools,
          asked: state.tools,
          present: getTools(credentials, { range, filters: state.filters }).then((result) =>
            result.ok ? new Set(result.data.rows.map((row) => row.tool_name)) : null,
          ),
          absent: (value) =>
            `No tool call in this range (with these filters) is to tool “${value}”: the filter is kept, and counts none.`,
        },
      ]
    : [];
  return [...dimensions, ...tools];
}

/**
 * Says which filter values of the link match nothing in the range, such as a typo of a model name
 * in a shared link: the filter stays (it is what the link asks), but the figures beside it are not
 * left to be read as "this model is fine". Nothing when the API could not list the values: the
 * panels say that it failed.
 */
export async function UnknownValuesNotice({ view }: { view: ResolvedView }) {
  const checks = valueChecks(view);
  if (checks.length === 0) return null;
  const absent = (await Promise.all(checks.map(async (check) => ({ check, present: await check.present })))).flatMap(
    ({ check, present }) =>
      present
        ? check.asked
            .filter((value) => !present.has(value))
            .map((value) => ({ param: check.param, text: check.absent(value) }))
        : [],
  );
  if (absent.length === 0) return null;
  return <NoticeList name="unknown-values-notice" notices={absent} />;
}
