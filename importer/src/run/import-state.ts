// The importer's durable position: per file, the fingerprint last read completely and the events
// of it already delivered. Ids are deterministic, so re-sending would be harmless, but the state
// spares the work and keeps a watch restart from sending anything twice.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";

/** Sent events are remembered by a prefix of their id: 80 bits, collision-free in practice, a quarter of the size. */
export const sentKeyOf = (eventId: string): string => eventId.slice(0, 24);

const fileStateSchema = z.object({
  /** size:mtime:inode of the last complete read; a rewrite (new inode) or an append changes it. */
  fingerprint: z.string(),
  /** Keys (sentKeyOf) of the events of the file's current content that were delivered. */
  sent: z.array(z.string()),
  /** The file is not a vikingbot session (reported once, not re-read until it changes). */
  notSession: z.boolean().optional(),
});
export type FileState = z.infer<typeof fileStateSchema>;

const stateSchema = z.object({
  version: z.literal(1),
  tenantId: z.string(),
  files: z.record(z.string(), fileStateSchema),
});
export type ImportState = z.infer<typeof stateSchema>;

export class StateError extends Error {}

export async function loadState(path: string, tenantId: string): Promise<ImportState> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, tenantId, files: {} };
    throw error;
  }
  const parsed = stateSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new StateError(
      `state file ${path} is not an importer state: ${parsed.error.issues[0]?.message ?? "invalid"}`,
    );
  // What was sent for one tenant says nothing about another: start over rather than skip.
  if (parsed.data.tenantId !== tenantId) return { version: 1, tenantId, files: {} };
  return parsed.data;
}

/** Written to a temporary file and renamed, so a crash leaves the old state or the new, never half. */
export async function saveState(path: string, state: ImportState): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(state));
  await rename(temporary, path);
}
