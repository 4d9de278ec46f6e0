import { startServiceProcess, type ServiceProcess } from "./service-process";

/** Runs the query API as its own process (`api/src/main.ts`, configured by environment only), as a deployment does. */
export function startApiProcess(env: Record<string, string>): Promise<ServiceProcess> {
  return startServiceProcess("api/src/main.ts", env);
}
