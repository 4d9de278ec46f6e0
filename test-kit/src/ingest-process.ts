import { startServiceProcess, type ServiceProcess } from "./service-process";

export type IngestProcess = ServiceProcess;

/** The real ingest service (`ingest/src/main.ts`) as its own process, ready when /readyz says so. */
export function startIngestProcess(env: Record<string, string>, { waitReady = true } = {}): Promise<IngestProcess> {
  return startServiceProcess("ingest/src/main.ts", env, { readyPath: waitReady ? "/readyz" : undefined });
}
