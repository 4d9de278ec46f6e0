import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{contracts,warehouse,ingest,demo,alerts}/src/**/*.test.ts", "test/reference/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/src/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Files share one ClickHouse and one broker on a 2-core machine; each uses its own database and topics.
          fileParallelism: false,
        },
      },
    ],
  },
});
