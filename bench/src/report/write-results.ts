import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Error texts quote server paths; the committed files must not name this machine's directories. */
export const withoutLocalPaths = (text: string): string => text.split(REPO_ROOT).join("<repo>/");
import { resultsMarkdown } from "./markdown";
import type { BenchResults } from "./results";

/** Written after every section, so a run that dies later still leaves what it measured. */
export async function writeResults(dir: string, results: BenchResults): Promise<void> {
  await mkdir(dir || ".", { recursive: true });
  await writeFile(join(dir, "bench-results.json"), withoutLocalPaths(`${JSON.stringify(results, null, 2)}\n`));
  await writeFile(
    join(dir, "results.md"),
    withoutLocalPaths(
      `# Benchmark results\n\nWritten by \`npm run bench\` (see README.md in this folder).\n\n${resultsMarkdown(results)}\n`,
    ),
  );
}
