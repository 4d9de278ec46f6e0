import { build, type Plugin } from "esbuild";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The long-running processes of the product, each bundled into dist/ with the same path (`.ts` → `.mjs`). */
export const SERVICE_ENTRIES = [
  "server/src/main.ts",
  "ingest/src/main.ts",
  "api/src/main.ts",
  "alerts/src/main.ts",
  "alerts/src/webhook/main.ts",
  "evaluator/src/main.ts",
] as const;
export type ServiceEntry = (typeof SERVICE_ENTRIES)[number];

/** Where the bundle of a service entry lies. */
export const bundleOf = (entry: ServiceEntry): string => join(ROOT, "dist", entry.replace(/\.ts$/, ".mjs"));

/**
 * V8 flags a service runs with. The ingest worker's live heap is about 35-40 MB at full rate (a heap
 * snapshot and --trace-gc in issue 6's bench), yet V8 sizes its old generation by the machine's memory and, on 24 GB,
 * let garbage grow the worker to 270-370 MB RSS; with a 256 MB old space it stays near 155 MB at the
 * same rate. But V8 also derives how far the old generation may grow past what a full collection
 * left from that cap (1.3x at 256 MB, 4x from 1 GB), and at 1.3x the worker ran a full collection
 * every 0.3 s: 17 per 80,000 events, 15-20 % of its CPU. --heap-growing-percent=200 lets it grow 3x
 * under the same cap: 5 full collections, 211-231 MB peak RSS. The Dockerfile and docker-compose.yml
 * pass the same flags (build-services.test.ts holds every launcher to this list). `answerscope serve`
 * (scripts/start.sh) runs without flags: all roles share its heap, and no cap was measured for it
 * (its RSS after npm start's 20,000 demo events: 430-460 MB, the embedded engine included).
 */
export const SERVICE_NODE_FLAGS: Partial<Record<ServiceEntry, readonly string[]>> = {
  "ingest/src/main.ts": ["--max-old-space-size=256", "--heap-growing-percent=200"],
};

/** node's arguments that run a service from its bundle (build it first: buildServices). */
export const serviceNodeArgs = (entry: ServiceEntry): string[] => [
  ...(SERVICE_NODE_FLAGS[entry] ?? []),
  bundleOf(entry),
];

export const isServiceEntry = (entry: string): entry is ServiceEntry =>
  (SERVICE_ENTRIES as readonly string[]).includes(entry);

/**
 * Our workspace packages are TypeScript and get bundled; every other package stays an import
 * that Node resolves from node_modules at run time (no copies, optional peers stay optional).
 */
const externalNodeModules: Plugin = {
  name: "external-node-modules",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@answerscope/") ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A module's `import.meta.url` stays its own source file's URL, so files it finds beside its
 * sources (sql/migrations, api/openapi.json, alerts/rules) are found from the bundle too.
 */
const sourceImportMetaUrl: Plugin = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      // A regular expression, not the plain words, so this file can be bundled too (the bench's bundle builds the services).
      return {
        contents: text.replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href)),
        loader: "ts",
      };
    });
  },
};

/**
 * `npm run bench`, bundled like the services: the consumers and sinks it measures in its own
 * process (the source and sink limits, the floors) then run the same JavaScript as the worker they
 * are compared with, not tsx's keepNames build of it.
 */
export const BENCH_ENTRY = "bench/src/main.ts";

/**
 * Bundles entries into plain JavaScript under dist/. Services run from these bundles rather than
 * through tsx: tsx compiles with esbuild's keepNames, which wraps every closure creation in a
 * defineProperty call (measured: 30 % of the ingest pipeline's CPU per event), and keeps the
 * compiler and source maps in the process's memory.
 */
async function bundle(entries: readonly string[], log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const { outputFiles } = await build({
    absWorkingDir: ROOT,
    entryPoints: entries.map((entry) => ({ in: entry, out: entry.replace(/\.ts$/, "") })),
    outdir: join(ROOT, "dist"),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: false,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    plugins: [externalNodeModules, sourceImportMetaUrl],
    logLevel: "warning",
    write: false,
  });
  // Each file replaced whole (rename), so a process starting meanwhile reads the old bundle or the new one, never half of one.
  await Promise.all(
    outputFiles.map(async (file) => {
      await mkdir(dirname(file.path), { recursive: true });
      const temporary = `${file.path}.${process.pid}.tmp`;
      await writeFile(temporary, file.contents);
      await rename(temporary, file.path);
    }),
  );
  log(
    `built ${entries.join(", ")} into ${relative(process.cwd(), join(ROOT, "dist")) || "dist"} in ${Math.round(performance.now() - started)} ms`,
  );
}

/** Bundles the long-running processes (SERVICE_ENTRIES); bundleOf says where each lies. */
export const buildServices = (log: (line: string) => void = () => {}): Promise<void> => bundle(SERVICE_ENTRIES, log);

/** Bundles the bench (BENCH_ENTRY) into dist/bench/src/main.mjs, which scripts/bench.sh runs. */
export const buildBench = (log: (line: string) => void = () => {}): Promise<void> => bundle([BENCH_ENTRY], log);

// `build-services.ts` bundles the services, `build-services.ts bench` the bench.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await (process.argv[2] === "bench" ? buildBench(console.log) : buildServices(console.log));
