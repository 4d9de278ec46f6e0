import {
  createWarehouse,
  DataDirLockedError,
  WarehouseEnvSchema,
  warehouseConfigFromEnv,
} from "@answerscope/warehouse";
import { parseCommandLine } from "../command-line";
import { parseKeysArgs, KEYS_USAGE } from "./keys-args";
import { adminRouteBackend, warehouseBackend, type KeysBackend } from "./keys-backend";
import { formatCreated, formatKeyList } from "./keys-output";

// `answerscope keys create | list | revoke`. Exit codes: 0 done, 1 failed (or no such key), 2 usage error.
const command = parseCommandLine("keys", KEYS_USAGE, (argv) => parseKeysArgs(argv));

/**
 * The warehouse itself when this process can open it (a server, or an embedded data directory no
 * one holds); the running serve's admin route when it holds the embedded directory (one process per
 * directory) or ANSWERSCOPE_API_URL names a server.
 */
function openBackend(): KeysBackend {
  // ANSWERSCOPE_API_URL: a running serve's query API (default: this machine's, on API_PORT or 4320).
  const { ANSWERSCOPE_API_URL: apiUrl, API_PORT: apiPort, ANSWERSCOPE_ADMIN_KEY: adminKey } = process.env;
  const viaServer = (why: string) => {
    if (!adminKey)
      throw new Error(
        `${why}; set ANSWERSCOPE_ADMIN_KEY to the server's admin credential so the command goes through its admin route`,
      );
    return adminRouteBackend(apiUrl || `http://127.0.0.1:${apiPort || 4320}`, adminKey);
  };
  if (apiUrl) return viaServer(`ANSWERSCOPE_API_URL names the server ${apiUrl}`);
  try {
    return warehouseBackend(createWarehouse(warehouseConfigFromEnv(WarehouseEnvSchema.parse(process.env))));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return viaServer(
      `${error.message}: the embedded engine opens a data directory in one process only, so the keys are read and written by the server holding it`,
    );
  }
}

let backend: KeysBackend | undefined;
try {
  backend = openBackend();
  const nowMs = Date.now();
  if (command.command === "create") {
    const { key, secret } = await backend.create(command.key);
    console.log(formatCreated(key, secret));
  } else if (command.command === "list") {
    console.log(formatKeyList(await backend.list(command.tenantId), nowMs));
  } else {
    const revoked = await backend.revoke(command.tenantId, command.keyId);
    if (!revoked) {
      console.error(`keys: tenant ${command.tenantId} has no key ${command.keyId}`);
      process.exitCode = 1;
    } else
      console.log(
        `revoked ${revoked.kind} key ${revoked.keyId} of tenant ${revoked.tenantId} at ${new Date(revoked.revokedAtMs!).toISOString()}; every service refuses it within seconds`,
      );
  }
} catch (error) {
  console.error(`keys: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await backend?.close();
}
