import type { BuildOptions } from "esbuild";

/**
 * The SDK as one file for any runtime: "neutral" marks no module as built in, so an import of
 * `node:*` anywhere in the core fails the bundle (and the test that bundles it).
 */
export const SDK_BUNDLE = {
  entryPoints: [new URL("../src/index.ts", import.meta.url).pathname],
  bundle: true,
  platform: "neutral",
  target: "es2022",
  write: true,
  logLevel: "warning",
} satisfies BuildOptions;
