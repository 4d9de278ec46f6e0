import { loadApiConfig, startApiService } from "@answerscope/api";
import { makeResponseCompleted } from "@answerscope/contracts";
import {
  activeKeyHashes,
  createStoredKey,
  createWarehouse,
  keyHash,
  queryRows,
  revokeStoredKey,
  sqlValue,
  startKeyRingReload,
  type Warehouse,
} from "@answerscope/warehouse";
import { withKeyRingMetrics } from "@answerscope/runtime";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServe, type ServeProcess, spawnEntry, waitFor } from "@answerscope/test-kit";
import { startCuttingProxy } from "../src/cutting-proxy";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

// Keys as data (docs/operations.md, Keys): `answerscope keys` against a running serve, whose
// collector and API take a new or revoked key within 5 s without a restart.

const BOOTSTRAP_READ_KEY = "keys-bootstrap-read-key-01";
const ADMIN_KEY = "keys-test-admin-credential-0001";
const TAKES_EFFECT_MS = 5_000;

async function keysCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { exited, output } = spawnEntry("server/src/keys/main.ts", env, args);
  return { code: await exited, output: output() };
}

const secretOf = (output: string) => /secret \(shown once[^)]*\): (\S+)/.exec(output)?.[1];
const keyIdOf = (output: string) => /key (key_[0-9a-f]+) for tenant/.exec(output)?.[1];

/** How long until `probe` answers `want`, polled every 100 ms; fails past `limitMs` with the last answer. */
async function msUntil(probe: () => Promise<number>, want: number, limitMs: number): Promise<number> {
  const started = Date.now();
  await waitFor(probe, (status) => status === want, { timeoutMs: limitMs, intervalMs: 100, what: `HTTP ${want}` });
  return Date.now() - started;
}

describe("answerscope keys against a running serve on the embedded engine", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "answerscope-keys-"));
  const cliEnv = { CLICKHOUSE_URL: "", ANSWERSCOPE_DATA_DIR: dataDir, ANSWERSCOPE_ADMIN_KEY: ADMIN_KEY };
  let serve: ServeProcess;
  const post = (key: string) =>
    fetch(`http://127.0.0.1:${serve.ports.collector}/v1/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify([makeResponseCompleted({ tenant_id: "acme" })]),
    }).then((res) => res.status);
  const read = (key: string) =>
    fetch(`http://127.0.0.1:${serve.ports.api}/api/v1/labels/freshness?tenant_id=acme`, {
      headers: { authorization: `Bearer ${key}` },
    }).then((res) => res.status);

  beforeAll(async () => {
    serve = await startServe(["--roles", "collector,api"], {
      ANSWERSCOPE_DATA_DIR: dataDir,
      ANSWERSCOPE_KEYS: `read:acme:${BOOTSTRAP_READ_KEY}`,
      ANSWERSCOPE_ADMIN_KEY: ADMIN_KEY,
    });
  });
  afterAll(async () => {
    await serve?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("says why it cannot work while serve holds the data directory and no admin credential is given", async () => {
    const { code, output } = await keysCli(["list"], {
      ...cliEnv,
      ANSWERSCOPE_ADMIN_KEY: "",
      API_PORT: String(serve.ports.api),
    });
    expect(code).toBe(1);
    expect(output).toContain(dataDir);
    expect(output).toContain("set ANSWERSCOPE_ADMIN_KEY");
  });

  it("creates an ingest key through serve's admin route that the collector accepts within 5 s, then refuses within 5 s of its revocation", async () => {
    const env = { ...cliEnv, API_PORT: String(serve.ports.api) };
    const created = await keysCli(["create", "--tenant", "acme", "--kind", "ingest"], env);
    expect(created.code, created.output).toBe(0);
    const secret = secretOf(created.output)!;
    const keyId = keyIdOf(created.output)!;
    expect(secret).toMatch(/^as_[\w-]{43}$/);
    // The collector's ring is not the admin route's: it learns the key from its reload.
    expect(await msUntil(() => post(secret), 202, TAKES_EFFECT_MS)).toBeLessThan(TAKES_EFFECT_MS);

    const listed = await keysCli(["list", "--tenant", "acme"], env);
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(new RegExp(`${keyId}\\s+acme\\s+ingest\\s+active`));
    expect(listed.output).not.toContain(secret);
    expect(listed.output).not.toContain(keyHash(secret));

    const revoked = await keysCli(["revoke", "--tenant", "acme", keyId], env);
    expect(revoked.code, revoked.output).toBe(0);
    expect(await msUntil(() => post(secret), 401, TAKES_EFFECT_MS)).toBeLessThan(TAKES_EFFECT_MS);
    // Still the same process, still serving the keys it has.
    expect(await read(BOOTSTRAP_READ_KEY)).toBe(200);
    expect((await keysCli(["list", "--tenant", "acme"], env)).output).toMatch(
      new RegExp(`${keyId}\\s+acme\\s+ingest\\s+revoked`),
    );
  });

  it("creates a read key the API accepts and keeps the bootstrap keys working", async () => {
    const created = await keysCli(["create", "--tenant", "acme", "--kind", "read", "--expires", "1d"], {
      ...cliEnv,
      API_PORT: String(serve.ports.api),
    });
    const secret = secretOf(created.output)!;
    expect(await msUntil(() => read(secret), 200, TAKES_EFFECT_MS)).toBeLessThan(TAKES_EFFECT_MS);
    // The collector learns it too (at its own reload), and refuses it: a read key does not send events.
    expect(await msUntil(() => post(secret), 403, TAKES_EFFECT_MS)).toBeLessThan(TAKES_EFFECT_MS);
    expect(await read(`${secret}x`)).toBe(401);
    expect(await read(BOOTSTRAP_READ_KEY)).toBe(200);
  });
});

describe("answerscope keys on a ClickHouse server", () => {
  let warehouse: Warehouse;
  let env: Record<string, string>;
  beforeAll(async () => {
    const created = await createTestWarehouse("as_keys");
    warehouse = created.warehouse;
    env = created.env;
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("stores only the hash of a key and of a dashboard session: neither secret is in any column of any table", async () => {
    const created = await keysCli(
      ["create", "--tenant", "acme", "--kind", "read", "--expires", "2099-01-01T00:00:00Z"],
      env,
    );
    expect(created.code, created.output).toBe(0);
    const secret = secretOf(created.output)!;
    // A login with that key: the API answers a session token and stores its hash.
    const api = await startApiService(loadApiConfig({ ...env, PORT: "0", ANSWERSCOPE_KEYS: "" }));
    const opened = await waitFor(
      () =>
        fetch(`http://127.0.0.1:${api.port}/api/v1/sessions`, {
          method: "POST",
          headers: { authorization: `Bearer ${secret}` },
          body: JSON.stringify({ tenant_id: "acme" }),
        }),
      (res) => res.status === 201,
      { timeoutMs: TAKES_EFFECT_MS, what: "a session opened with the new key" },
    );
    const token = ((await opened.json()) as { token: string }).token;
    await api.stop();
    const columns = await queryRows<{ table: string; name: string }>(
      warehouse,
      `SELECT table, name FROM system.columns WHERE database = ${sqlValue(warehouse.target.database)} AND type LIKE '%String%'`,
    );
    const holding = async (value: string) => {
      const found: string[] = [];
      for (const { table, name } of columns) {
        const [row] = await queryRows<{ n: string }>(
          warehouse,
          `SELECT count() AS n FROM ${warehouse.table(table)} WHERE position(toString(\`${name}\`), ${sqlValue(value)}) > 0`,
        );
        if (Number(row?.n) > 0) found.push(`${table}.${name}`);
      }
      return found;
    };
    expect(await holding(secret)).toEqual([]);
    expect(await holding(secret.slice(3))).toEqual([]);
    expect(await holding(keyHash(secret))).toEqual(["api_keys.key_hash"]);
    expect(await holding(token)).toEqual([]);
    expect(await holding(keyHash(token))).toEqual(["api_keys.key_hash"]);
  });

  it("reloads the keys neither revoked nor expired, and only those", async () => {
    const tenantId = "reload-only-active";
    const nowMs = Date.now();
    const create = (kind: "ingest" | "read" | "session", expiresAtMs: number | null) =>
      createStoredKey(warehouse, { tenantId, kind, expiresAtMs }, nowMs - 60_000).then(({ key }) => key.keyId);
    const forever = await create("ingest", null);
    const later = await create("session", nowMs + 3_600_000);
    await create("session", nowMs - 1_000);
    const revoked = await create("read", nowMs + 3_600_000);
    await revokeStoredKey(warehouse, tenantId, revoked);
    const active = (await activeKeyHashes(warehouse, nowMs)).filter((key) => key.tenantId === tenantId);
    expect(active.map((key) => [key.keyId, key.kind, key.expiresAtMs]).sort()).toEqual(
      [
        [forever, "ingest", null],
        [later, "session", nowMs + 3_600_000],
      ].sort(),
    );
  });
});

describe("the key ring's reload", () => {
  let warehouse: Warehouse;
  let url: string;
  let database: string;
  beforeAll(async () => {
    const created = await createTestWarehouse("as_keyring");
    warehouse = created.warehouse;
    url = created.url;
    database = created.database;
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("keeps the last good keys while the warehouse cannot be read, says so once, and says when it reads again", async () => {
    const { secret } = await createStoredKey(warehouse, { tenantId: "acme", kind: "ingest" });
    const proxy = await startCuttingProxy(url);
    const proxied = createWarehouse({ url: proxy.url, database, requestTimeoutMs: 2_000 });
    const lines: string[] = [];
    const ring = await startKeyRingReload(
      proxied,
      { lookup: () => undefined, size: 0 },
      { intervalMs: 100, log: (line) => lines.push(line) },
    );
    try {
      expect(ring.lookup(secret)).toEqual({ tenantId: "acme", kind: "ingest" });
      await proxy.stop();
      await waitFor(
        async () => ring.status.failures,
        (failures) => failures >= 3,
        { timeoutMs: 30_000, what: "three failed reloads" },
      );
      expect(ring.lookup(secret)).toEqual({ tenantId: "acme", kind: "ingest" });
      expect(ring.status.lastError).not.toBeNull();
      expect(
        lines.filter((line) => line.includes("reloading the stored keys failed, keeping the last good ring")),
      ).toHaveLength(1);
      const metrics = withKeyRingMetrics({ contentType: "text/plain", render: async () => "" }, ring, "t_");
      expect(await metrics.render()).toMatch(/^t_key_ring_reload_failing 1$/m);
      expect(
        Number(/^t_key_ring_reload_failures_total (\d+)$/m.exec(await metrics.render())?.[1]),
      ).toBeGreaterThanOrEqual(3);

      await proxy.start();
      await waitFor(
        async () => ring.status.lastError,
        (error) => error === null,
        { timeoutMs: 30_000, what: "a reload that works again" },
      );
      expect(lines.at(-1)).toBe("key ring: reloading the stored keys works again (1 active)");
      expect(ring.lookup(secret)).toEqual({ tenantId: "acme", kind: "ingest" });
      expect(await metrics.render()).toMatch(/^t_key_ring_reload_failing 0$/m);
    } finally {
      await ring.stop();
      await proxied.close();
      await proxy.close();
    }
  });
});
