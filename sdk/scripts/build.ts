// npm run build -w @answerscope/sdk: dist/index.js (one ES module for any runtime with fetch, no
// Node built-ins: platform "neutral" fails the build on one) and dist/*.d.ts from tsc.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { build } from "esbuild";
import { SDK_BUNDLE } from "./bundle-options";

const root = new URL("..", import.meta.url);
rmSync(new URL("dist", root), { recursive: true, force: true });
await build({ ...SDK_BUNDLE, format: "esm", outfile: new URL("dist/index.js", root).pathname });
execFileSync(
  process.execPath,
  [createRequire(import.meta.url).resolve("typescript/bin/tsc"), "-p", new URL("tsconfig.build.json", root).pathname],
  { stdio: "inherit" },
);
console.log("built dist/index.js and its .d.ts");
