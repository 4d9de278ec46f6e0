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
}
