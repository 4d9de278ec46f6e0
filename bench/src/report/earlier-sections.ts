import type { Section } from "../cli-options";
import type { BenchResults } from "./results";

/** The parts of bench-results.json each section writes. */
const SECTION_FIELDS: Record<Section, (keyof BenchResults)[]> = {
  queries: ["scale"],
  outcomes: ["first_evaluation", "label_update"],
  ingest: ["ingest"],
  freshness: ["freshness"],
};

/**
 * A run of some sections (`--only`) keeps what an earlier run measured for the others,
 * marked with that run's time, so results.md never loses a section nobody re-measured.
 */
export function withEarlierSections(fresh: BenchResults, earlier: BenchResults | undefined, ran: readonly Section[]): BenchResults {
  if (!earlier) return fresh;
  const kept = (Object.keys(SECTION_FIELDS) as Section[]).filter((section) => !ran.includes(section) && (SECTION_FIELDS[section].some((field) => earlier[field] !== undefined) || earlier.errors[section] !== undefined));
  if (kept.length === 0) return fresh;
  const merged: BenchResults = { ...fresh, slowest_queries: { ...fresh.slowest_queries }, errors: { ...fresh.errors } };
  for (const section of kept) {
    for (const field of SECTION_FIELDS[section]) if (earlier[field] !== undefined) Object.assign(merged, { [field]: earlier[field] });
    if (earlier.slowest_queries[section]) merged.slowest_queries[section] = earlier.slowest_queries[section];
    if (earlier.errors[section]) merged.errors[section] = earlier.errors[section];
  }
  // A section the earlier file itself kept from a run before it keeps that run's time.
  merged.earlier_sections = Object.fromEntries(kept.map((section) => [section, earlier.earlier_sections?.[section] ?? earlier.machine.measured_at]));
  return merged;
}
