import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildServices } from "../../scripts/build-services";

/**
 * The `engine-26` project: the suites that check what SQL returns, on ClickHouse 26.x embedded
 * in each test file's own process (chDB; test-engine.ts gives every file a fresh data directory),
 * plus the embedded engine's own tests. Nothing to start but the bundles of the processes a
 * suite spawns; a suite that needs the broker starts it itself, as in the integration project.
 */
export default async function setup(project: TestProject) {
  await buildServices();
  project.provide("warehouseEngine", "embedded");
  // Every test file's data directory lies below this one, removed at the end of the run: vitest
  // ends its worker processes without letting them clean up after themselves.
  const root = await mkdtemp(join(tmpdir(), "answerscope-engine-"));
  project.provide("embeddedDataRoot", root);
  return () => rm(root, { recursive: true, force: true });
}
