import { inject } from "vitest";

/** The stack the global setup started. */
export const stack = () => inject("browserStack");

export type Tenant = keyof ReturnType<typeof stack>["readKeys"];

/** The query API's answer to the same question the page asked, read directly with the tenant's read key. */
export async function apiGet<T>(
  tenant: Tenant,
  path: string,
  params: Record<string, string | string[]> = {},
): Promise<T> {
  const { apiUrl, readKeys } = stack();
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, item);
  const response = await fetch(`${apiUrl}${path}?${query.toString()}`, {
    headers: { authorization: `Bearer ${readKeys[tenant]}` },
  });
  if (!response.ok) throw new Error(`API ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The range every test views: the whole generated data set, as a fixed (shareable) custom range. */
export function dataRange(): { from: string; to: string } {
  const { dataFromMs } = stack();
  // Whole hours around the data, and up to now: the edge objects are newer than the demo traffic.
  const from = new Date(Math.floor(dataFromMs / 3600_000) * 3600_000 - 3600_000).toISOString();
  const to = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + 3600_000).toISOString();
  return { from, to };
}
