import { readFile, writeFile } from "node:fs/promises";

export interface ProcessMemory {
  rss_mb: number;
  /** The resident set's high-water mark since the last resetPeakRss (or the start). */
  peak_rss_mb: number;
}

const kbField = (status: string, field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`/proc status has no ${field}`);
  return Number(match[1]);
};

/** A process's resident set now and at its peak (Linux /proc). */
export async function processMemory(pid: number): Promise<ProcessMemory> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return {
    rss_mb: Math.round(kbField(status, "VmRSS") / 1024),
    peak_rss_mb: Math.round(kbField(status, "VmHWM") / 1024),
  };
}

/**
 * Starts a process's peak RSS afresh from its current RSS ("5" to /proc/<pid>/clear_refs, Linux
 * 4.0 and later), so the peak of the serving phase does not include the data set's load.
 */
export async function resetPeakRss(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, "5");
}
