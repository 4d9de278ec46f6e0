import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** For the guard tests that read the whole repository's code (hand-quoting, reads through queryRows). */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SKIPPED_DIRS = new Set(["node_modules", "dist", ".next", ".data", ".git", ".turbo"]);

function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(join(dir, entry.name), name);
    return name.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

/** Every file of the repository whose name matches, as a path from its root with forward slashes. */
const repositoryFiles = (name: RegExp): string[] =>
  filesUnder(REPOSITORY_ROOT, name).map((file) => relative(REPOSITORY_ROOT, file).split("\\").join("/"));

/** Every .ts and .tsx file of the repository (tests included). */
export const repositorySourceFiles = (): string[] => repositoryFiles(/\.tsx?$/);

/** Every source, test, SQL, JSON and Markdown file of the repository: what a reader follows a reference from. */
export const repositoryTextFiles = (): string[] => repositoryFiles(/\.(tsx?|sql|json|md)$/);

/**
 * `file:line: text` of every line of `files` for which `offends` holds, files named in `allowed`
 * (file -> why it may) aside: what a line-by-line guard test reports.
 */
export function offendingLines(
  files: readonly string[],
  allowed: Record<string, string>,
  offends: (line: string) => boolean,
): string[] {
  return files
    .filter((file) => !(file in allowed))
    .flatMap((file) =>
      readFileSync(join(REPOSITORY_ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (offends(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
}
