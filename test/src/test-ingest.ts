import { loadIngestConfig, startIngestService } from "@answerscope/ingest";
import { startIngestProcess } from "@answerscope/test-kit";
import { testEngine } from "./test-engine";

export interface TestIngest {
  stop(): Promise<unknown>;
}

/**
 * The ingest service writing to a test's warehouse (`env` from createTestWarehouse): its own
 * process on a ClickHouse server, as deployed; in this process on the embedded engine, whose data
 * directory belongs to one process, the test's (the same startIngestService that main.ts runs).
 */
export async function startTestIngest(env: Record<string, string>): Promise<TestIngest> {
  if (testEngine() === "server") {
    const child = await startIngestProcess(env);
    return { stop: () => child.stop("SIGTERM") };
  }
  const service = await startIngestService(loadIngestConfig({ PORT: "0", ...env }));
  return { stop: () => service.stop() };
}
