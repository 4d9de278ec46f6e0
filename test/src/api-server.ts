import { createApiServer } from "@answerscope/api";
import { createKeyRing, listen, type KeyEntry } from "@answerscope/runtime";
import type { Warehouse } from "@answerscope/warehouse";

export interface TestApi {
  baseUrl: string;
  /** GET a path (with query string) as the holder of `key`; the body is parsed JSON. */
  get(path: string, key?: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** An in-process query API server on a free port, with the given keys. */
export async function startTestApi(options: {
  warehouse: Warehouse;
  keys: KeyEntry[];
  traceUrlTemplate?: string;
  corsOrigin?: string;
}): Promise<TestApi> {
  const logs: string[] = [];
  const server = createApiServer({
    warehouse: options.warehouse,
    keys: createKeyRing(options.keys),
    traceUrlTemplate: options.traceUrlTemplate,
    corsOrigin: options.corsOrigin,
    log: (message) => logs.push(message),
  });
  const port = await listen(server, 0, "127.0.0.1");
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    async get(path, key) {
      const res = await fetch(`${baseUrl}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Read keys for both data-set tenants and an ingest key, as a deployment would configure them. */
export const TEST_KEYS = {
  acmeRead: "read-key-acme-0123456789",
  globexRead: "read-key-globex-0123456789",
  acmeIngest: "ingest-key-acme-0123456789",
} as const;

export const TEST_KEY_ENTRIES: KeyEntry[] = [
  { key: TEST_KEYS.acmeRead, tenant_id: "t-acme", kind: "read" },
  { key: TEST_KEYS.globexRead, tenant_id: "t-globex", kind: "read" },
  { key: TEST_KEYS.acmeIngest, tenant_id: "t-acme", kind: "ingest" },
];

/** A query string from pairs, so repeated names (filters) keep their order. */
export function qs(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}
