import { NextResponse, type NextRequest } from "next/server";
import { getMetrics } from "@/lib/api-client";
import { isDimension } from "@/lib/dimensions";
import { sessionTokens } from "@/lib/session";

const STATUS_OF_KIND = {
  unavailable: 503,
  unreachable: 502,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid_request: 400,
  unexpected: 502,
} as const;

/**
 * The values a dimension takes in a range, with response counts, for the filter bar's pickers.
 * Read with the session's key on the server, like every read: the browser never holds a key.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const tenant = params.get("tenant") ?? "";
  const dimension = params.get("dimension");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (!isDimension(dimension) || !from || !to)
    return NextResponse.json({ error: { message: "tenant, dimension, from and to are required" } }, { status: 400 });
  const key = (await sessionTokens())[tenant];
  if (!key) return NextResponse.json({ error: { message: `not logged in to tenant ${tenant}` } }, { status: 401 });
  const result = await getMetrics({ tenant, key }, { range: { from, to }, groupBy: [dimension] });
  if (!result.ok)
    return NextResponse.json(
      { error: { message: result.failure.message } },
      { status: STATUS_OF_KIND[result.failure.kind] },
    );
  const values = result.data.rows
    .map((row) => ({ value: row.dims[dimension] ?? "", responses: row.response_count }))
    .filter((item) => item.value)
    .sort((a, b) => b.responses - a.responses || a.value.localeCompare(b.value));
  return NextResponse.json({ values }, { headers: { "cache-control": "no-store" } });
}
