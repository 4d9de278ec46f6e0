import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleOf, SERVICE_ENTRIES, SERVICE_NODE_FLAGS, serviceNodeArgs } from "./build-services";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Every place outside the tests that starts a service's bundle. */
const LAUNCHERS = ["scripts/start.sh", "Dockerfile", "docker-compose.yml"];

describe("service node flags", () => {
  it.each(SERVICE_ENTRIES)("come before the bundle in the tests' and the bench's command line of %s", (entry) => {
    expect(serviceNodeArgs(entry)).toEqual([...(SERVICE_NODE_FLAGS[entry] ?? []), bundleOf(entry)]);
  });

  it("cap the ingest worker's V8 old space under issue 6's 300 MB memory budget", () => {
    const cap = (SERVICE_NODE_FLAGS["ingest/src/main.ts"] ?? []).map((flag) => /^--max-old-space-size=(\d+)$/.exec(flag)?.[1]).find(Boolean);
    expect(Number(cap)).toBeGreaterThan(0);
    expect(Number(cap)).toBeLessThan(300);
  });

  it.each(LAUNCHERS)("are the flags %s starts each bundle with", (launcher) => {
    const lines = readFileSync(join(ROOT, launcher), "utf8").split("\n");
    let launches = 0;
    for (const entry of SERVICE_ENTRIES) {
      const bundle = `dist/${entry.replace(/\.ts$/, ".mjs")}`;
      for (const line of lines.filter((l) => l.includes(bundle))) {
        launches++;
        const before = line.slice(0, line.indexOf(bundle));
        const flags = [...before.matchAll(/--[\w-]+(?:=[\w.-]+)?/g)].map((m) => m[0]);
        expect(flags, `${launcher}: ${line.trim()}`).toEqual(SERVICE_NODE_FLAGS[entry] ?? []);
      }
    }
    expect(launches, `${launcher} starts no bundle`).toBeGreaterThan(0);
  });
});
