import Link from "next/link";
import { formatTimestamp } from "@/lib/format";
import { responsePath } from "@/lib/routes";
import { viewHref, type ViewState } from "@/lib/url-state";
import type { Column } from "./data-table";

/** Link to a response's detail page that keeps the view's state, so its back link returns there. */
export const detailHref = (responseId: string, state: ViewState) => viewHref(responsePath(responseId), state);

/** The first columns of every list of responses: when, and which (opening its detail page). */
export function responseColumns<Row extends { occurred_at: string; response_id: string }>(
  state: ViewState,
): Column<Row>[] {
  return [
    { header: "Time (UTC)", cell: (row) => formatTimestamp(row.occurred_at), csv: (row) => row.occurred_at },
    {
      header: "Response",
      cell: (row) => (
        <Link href={detailHref(row.response_id, state)} className="mono" data-role="sample-link">
          {row.response_id}
        </Link>
      ),
      csv: (row) => row.response_id,
    },
  ];
}
