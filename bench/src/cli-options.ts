import { parseArgs } from "node:util";

export const SECTIONS = [
  "queries",
  "outcomes",
  "ingest",
  "freshness",
  "exporter",
  "engines",
  "sdk",
  "otlp",
  "views",
] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  /** Responses of the large data set; tool-call events are 3×, feedback events 1/10 of it. */
  responses: number;
  /** Timed repetitions per query (after one warm-up run). */
  queryRuns: number;
  /** Events produced for each ingest measurement. */
  ingestEvents: number;
  /** Events of other tenants every ingest path handles first, outside its measured window (0: none). */
  ingestWarmupEvents: number;
  /** Repetitions of each ingest measurement (source, sink, one worker, two workers). */
  ingestRuns: number;
  /** After the largest tenant's first outcome evaluation (always run: the label update is timed on it), stop starting other tenants' after this long. */
  outcomesBudgetS: number;
  sections: Section[];
  /** Keep the bench services running afterwards (to inspect system.query_log). */
  keepServices: boolean;
  /** Time the queries on the data set an earlier run (with --keep-services or interrupted) left in the bench ClickHouse. */
  reuseData: boolean;
  /** Where bench-results.json and results.md go; empty: the bench/ folder. */
  outDir: string;
  /** Only re-render results.md from the bench-results.json in outDir; measures nothing. */
  render: boolean;
}

const USAGE = `npm run bench -- [--responses N] [--query-runs N] [--ingest-events N] [--ingest-warmup-events N] [--ingest-runs N]
                     [--outcomes-budget-s S] [--only queries,outcomes,ingest,freshness,exporter,engines,sdk,otlp,views] [--keep-services] [--reuse-data]
npm run bench -- --render    (re-writes results.md from bench-results.json alone)

--only runs some sections; the others keep their figures from the existing bench-results.json.`;

export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      responses: { type: "string", default: "10000000" },
      "query-runs": { type: "string", default: "15" },
      "ingest-events": { type: "string", default: "80000" },
      // 40,000 for each of the two-worker runs' workers, each of which reads half of them.
      "ingest-warmup-events": { type: "string", default: "80000" },
      "ingest-runs": { type: "string", default: "3" },
      "outcomes-budget-s": { type: "string", default: "300" },
      only: { type: "string", default: SECTIONS.join(",") },
      "keep-services": { type: "boolean", default: false },
      "reuse-data": { type: "boolean", default: false },
      out: { type: "string", default: "" },
      render: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const integer = (name: string, text: string, least: number) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < least)
      throw new Error(`--${name} must be ${least > 0 ? "a positive" : "a non-negative"} integer\n${USAGE}`);
    return value;
  };
  const positive = (name: string, text: string) => integer(name, text, 1);
  const sections = values.only.split(",").map((s) => s.trim());
  for (const section of sections)
    if (!SECTIONS.includes(section as Section)) throw new Error(`unknown section ${section}\n${USAGE}`);
  return {
    responses: positive("responses", values.responses),
    queryRuns: positive("query-runs", values["query-runs"]),
    ingestEvents: positive("ingest-events", values["ingest-events"]),
    ingestWarmupEvents: integer("ingest-warmup-events", values["ingest-warmup-events"], 0),
    ingestRuns: positive("ingest-runs", values["ingest-runs"]),
    outcomesBudgetS: positive("outcomes-budget-s", values["outcomes-budget-s"]),
    sections: sections as Section[],
    keepServices: values["keep-services"],
    reuseData: values["reuse-data"],
    outDir: values.out,
    render: values.render,
  };
}
