import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

export type ListedFile = { readonly name: string; readonly path: string; readonly fingerprint: string };

/**
 * The regular files of the sessions directory with their fingerprints. Dot files are skipped: the
 * importer's own state and the temporary files of an atomic rewrite are not sessions to report.
 */
export async function listFiles(directory: string): Promise<ListedFile[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: ListedFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const path = join(directory, entry.name);
    try {
      const info = await stat(path);
      files.push({ name: entry.name, path, fingerprint: `${info.size}:${info.mtimeMs}:${info.ino}` });
    } catch {
      // Gone between readdir and stat (a rename in progress): the next poll sees the new file.
    }
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
