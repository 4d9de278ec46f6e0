import { execFile } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Newest modification time under a folder (sources of the dashboard). */
function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/**
 * The browser tests run the production build (`next build`, then `next start`). CI builds it in
 * scripts/test.sh; a developer who changed the dashboard since the last build gets a fresh one here,
 * so a test never passes against stale code.
 */
export async function ensureDashboardBuild(dashboardDir: string): Promise<void> {
  const buildId = join(dashboardDir, ".next", "BUILD_ID");
  const sources = ["src", "next.config.ts", "package.json"]
    .map((entry) => join(dashboardDir, entry))
    .filter(existsSync);
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [join(dashboardDir, "../node_modules/next/dist/bin/next"), "build"],
      {
        cwd: dashboardDir,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 10 * 60_000,
      },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`next build failed: ${error.message}\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`))
          : resolve(),
    );
  });
}
