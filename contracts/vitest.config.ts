import { defineProject } from "vitest/config";

// For running vitest inside contracts/ alone; the root config also picks these tests up.
export default defineProject({
  test: {
    name: "contracts",
    include: ["src/**/*.test.ts"],
    environment: "node",
  },
});
