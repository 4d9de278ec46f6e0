import { readFile } from "node:fs/promises";
import { queryRows, type Warehouse } from "@answerscope/warehouse";
import { startServiceProcess, waitFor } from "@answerscope/test-kit";
import { progress } from "../progress";
import { round, timeRepeated, timingOf, type Timing } from "../stats";

export interface ExporterReport {
  /** GET /metrics: the exporter serves its last computed figures, so this is rendering and HTTP only. */
  scrape: Timing;
  /** Samples on one /metrics page (lines that are not comments) and distinct metric families. */
  series: number;
  families: number;
  page_kb: number;
  /** How long the exporter's refreshes (its ClickHouse reads) took, per its own gauge, over `refreshes` refreshes. */
  refresh: Timing;
  refreshes: number;
  /** Peak resident memory of the exporter process (VmHWM) after all refreshes and scrapes. */
  peak_rss_mb: number;
}

const seriesValue = (page: string, name: string) =>
  Number(new RegExp(`^${name} ([0-9.eE+-]+)$`, "m").exec(page)?.[1] ?? Number.NaN);

async function peakRssMb(pid: number | undefined): Promise<number> {
  const status = pid ? await readFile(`/proc/${pid}/status`, "utf8").catch(() => "") : "";
  return Math.round(Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024);
}

/**
 * The quality exporter (alerts/src/main.ts) as its own process on the large data set: waits
 * for `refreshes` refreshes (each reads every tenant's figures from ClickHouse) and times
 * `scrapes` GET /metrics in between; reports its series count and peak memory.
 */
export async function measureExporter(
  w: Warehouse,
  url: string,
  { refreshes = 5, scrapes = 30 } = {},
): Promise<ExporterReport> {
  const exporter = await startServiceProcess(
    "alerts/src/main.ts",
    {
      CLICKHOUSE_URL: url,
      CLICKHOUSE_DATABASE: w.target.database,
      EXPORTER_PORT: "0",
      EXPORTER_REFRESH_MS: "1000",
      EXPORTER_QUERY_TIMEOUT_MS: "60000",
    },
    { readyPath: "/readyz" },
  );
  try {
    const page = () => fetch(`http://127.0.0.1:${exporter.port}/metrics`).then((res) => res.text());
    const durations: number[] = [];
    let seen = 0;
    while (durations.length < refreshes) {
      const text = await waitFor(page, (t) => seriesValue(t, "answerscope_exporter_refreshes_total") > seen, {
        timeoutMs: 120_000,
        what: "the next exporter refresh",
      });
      seen = seriesValue(text, "answerscope_exporter_refreshes_total");
      durations.push(seriesValue(text, "answerscope_exporter_refresh_duration_seconds") * 1000);
      progress(`  exporter refresh ${durations.length}/${refreshes}: ${Math.round(durations.at(-1)!)} ms`);
    }
    let last = "";
    const scrape = await timeRepeated(scrapes, async () => (last = await page()));
    const samples = last.split("\n").filter((line) => line && !line.startsWith("#"));
    const families = new Set(
      last
        .split("\n")
        .filter((line) => line.startsWith("# TYPE "))
        .map((line) => line.split(" ")[2]),
    );
    const tenants = await queryRows<{ n: number }>(w, `SELECT uniqExact(tenant_id) AS n FROM ${w.table("responses")}`);
    progress(`  exporter: scrape p50 ${scrape.p50_ms} ms, ${samples.length} series for ${tenants[0]?.n} tenants`);
    return {
      scrape,
      series: samples.length,
      families: families.size,
      page_kb: round(Buffer.byteLength(last) / 1024),
      refresh: timingOf(durations),
      refreshes,
      peak_rss_mb: await peakRssMb(exporter.child.pid),
    };
  } finally {
    await exporter.stop("SIGTERM");
  }
}
