import { MigrateOnStartSetting } from "@answerscope/ingest";
import { parseEnv } from "@answerscope/runtime";
import { z } from "zod";
import { migrate, type RunningRole, type Warehouse } from "@answerscope/warehouse";
import { ROLES, roleEnv, type RoleName } from "./roles";

/**
 * The setting serve acts on itself, validated as the collector validates it: the roles are handed
 * MIGRATE_ON_START=false, so none of them would ever see (and refuse) a value it does not know.
 */
const ServeEnvSchema = z.object({ MIGRATE_ON_START: MigrateOnStartSetting });

export interface Serving {
  /** The port each listening role got. */
  readonly ports: Partial<Record<RoleName, number>>;
  /** Stops every role at once, then closes the warehouse (last: pending queries have drained by then). */
  stop(): Promise<void>;
}

/**
 * Applies the pending migrations (unless MIGRATE_ON_START=false), then starts `roles` one after
 * the other on the one warehouse; each announces its port as its own process does ("answerscope
 * <role> listening on port N"). Serve migrates whichever roles it runs: on the embedded engine no
 * other process can while it holds the data directory. If a role fails to start, those already
 * running are stopped, the warehouse closed, and the error thrown.
 */
export async function startServe(
  roles: readonly RoleName[],
  warehouse: Warehouse,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<Serving> {
  const settings = await Promise.resolve()
    .then(() => parseEnv(ServeEnvSchema, env, "serve"))
    .catch(async (error: unknown) => {
      await warehouse.close();
      throw error;
    });
  if (settings.MIGRATE_ON_START === "true") {
    const { applied } = await migrate(warehouse).catch(async (error: unknown) => {
      await warehouse.close();
      throw new Error(`the migrations failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    });
    log(`answerscope serve: ${applied.length} migration(s) applied`);
  }
  // Applied above, once; the collector need not look again.
  const rolesEnv = { ...env, MIGRATE_ON_START: "false" };
  const running: { name: RoleName; role: RunningRole }[] = [];
  const ports: Partial<Record<RoleName, number>> = {};

  // Every role stops even if another's stop fails; the warehouse closes only after all of them,
  // since closing an embedded engine's connection under a running query aborts the engine.
  async function stop(): Promise<void> {
    const results = await Promise.allSettled(
      running.map(({ name, role }) => role.stop().then(() => log(`answerscope ${name} stopped`))),
    );
    await warehouse.close();
    log(`answerscope serve: warehouse closed`);
    const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failed) throw failed.reason;
  }

  for (const name of roles) {
    try {
      const role = await ROLES[name].start(roleEnv(name, rolesEnv), warehouse);
      running.push({ name, role });
      if (role.port !== undefined) {
        ports[name] = role.port;
        log(`answerscope ${name} listening on port ${role.port}`);
      }
    } catch (error) {
      await stop().catch(() => {});
      throw new Error(`the ${name} role did not start: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
  return { ports, stop };
}
