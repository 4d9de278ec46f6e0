import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { answers, startChildService, type ChildService } from "@answerscope/test-kit";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** The built dashboard (`next start`) as its own process on `port`, reading through the query API at `apiUrl`. */
export function startDashboard(name: string, apiUrl: string, port: number): Promise<ChildService> {
  return startChildService({
    name,
    command: process.execPath,
    args: [join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    cwd: join(ROOT, "dashboard"),
    env: { API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    ready: () => answers(`http://127.0.0.1:${port}/login`),
  });
}
