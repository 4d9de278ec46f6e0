#!/usr/bin/env node
// Installed command `answerscope`. `answerscope serve` runs the serving process (server/) from its
// bundle, built first like every start (scripts/build-services.ts); `answerscope erase` the server's
// erase command, every other command the importer's TypeScript CLI, through tsx (the project ships sources).
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const tsx = ["--import", import.meta.resolve("tsx")];
const fromRoot = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

if (process.argv[2] === "serve") {
  const built = spawnSync(process.execPath, [...tsx, fromRoot("scripts/build-services.ts")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const child = spawn(process.execPath, [fromRoot("dist/server/src/main.mjs"), ...process.argv.slice(3)], {
    stdio: "inherit",
  });
  // The serving process stops on the signal, so the one sent to this command reaches it.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else if (process.argv[2] === "erase") {
  // One user's rows out of every table (docs/privacy.md): server/src/erase/.
  const result = spawnSync(process.execPath, [...tsx, fromRoot("server/src/erase/main.ts"), ...process.argv.slice(3)], {
    stdio: "inherit",
  });
  process.exitCode = result.status ?? 1;
} else {
  const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
  const result = spawnSync(process.execPath, [...tsx, cli, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exitCode = result.status ?? 1;
}
