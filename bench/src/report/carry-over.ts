import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Section } from "../cli-options";
import type { BenchResults } from "./results";

/** The fields of bench-results.json that each section writes. */
const SECTION_FIELDS: Record<Section, (keyof BenchResults)[]> = {
  queries: ["scale"],
  outcomes: ["first_evaluation", "label_update", "label_update_month_end"],
  ingest: ["ingest"],
  freshness: ["freshness"],
  exporter: ["exporter"],
  engines: ["engines"],
  sdk: ["sdk"],
  otlp: ["otlp"],
  views: ["views"],
};

/** The earlier results, or undefined when there are none; a file that cannot be read or parsed is an error, not "none". */
export async function readResults(dir: string): Promise<BenchResults | undefined> {
  const text = await readFile(join(dir, "bench-results.json"), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  return text === undefined ? undefined : (JSON.parse(text) as BenchResults);
}

/**
 * A run with `--only` measures some sections; the others keep what an earlier run wrote to
 * bench-results.json (with the machine description of that run), so separate runs combine
 * into one file. Sections this run measures start empty.
 */
export function carryOver(
  previous: BenchResults | undefined,
  current: BenchResults,
  running: readonly Section[],
): BenchResults {
  if (!previous) return current;
  const merged: BenchResults = {
    ...current,
    section_machines: { ...previous.section_machines },
    slowest_queries: {},
    errors: {},
  };
  for (const [section, fields] of Object.entries(SECTION_FIELDS) as [Section, (keyof BenchResults)[]][]) {
    if (running.includes(section)) continue;
    for (const field of fields) if (previous[field] !== undefined) Object.assign(merged, { [field]: previous[field] });
    if (previous.slowest_queries[section]) merged.slowest_queries[section] = previous.slowest_queries[section];
    if (previous.errors[section]) merged.errors[section] = previous.errors[section];
    // Results written before sections recorded their own machine were measured on the file's one machine.
    if (fields.some((field) => previous[field] !== undefined) && !merged.section_machines?.[section])
      merged.section_machines = { ...merged.section_machines, [section]: previous.machine };
  }
  for (const section of running) delete merged.section_machines?.[section];
  return merged;
}
