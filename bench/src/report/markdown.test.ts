import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FLOOR_NAMES, FLOORS } from "../ingest/floor-limit";
import { resultsMarkdown } from "./markdown";
import type { BenchResults } from "./results";

// The committed results: a real report of every section, the ingest one with all the floors.
const committed = JSON.parse(
  readFileSync(new URL("../../bench-results.json", import.meta.url), "utf8"),
) as BenchResults;

describe("resultsMarkdown, ingest floors", () => {
  it("gives every floor of FLOORS its table row, its CPU line and its sentence with its share of the limit", () => {
    const floors = committed.ingest?.floors ?? {};
    expect(Object.keys(floors).sort()).toEqual([...FLOOR_NAMES].sort());
    const text = resultsMarkdown(committed);
    for (const name of FLOOR_NAMES) {
      const floor = floors[name]!;
      expect(text).toContain(
        `| ${FLOORS[name].label} (${FLOORS[name].does}) | ${floor.events_per_s.toLocaleString("en")} |`,
      );
      expect(text).toContain(`${FLOORS[name].label} (consumer and inserting client)`);
      expect(text).toContain(`${FLOORS[name].reaches} ${floor.vs_limit}`);
    }
  });

  it("leaves out a floor the report does not have", () => {
    const ingest = committed.ingest!;
    const { json_checked: _dropped, ...others } = ingest.floors!;
    const text = resultsMarkdown({ ...committed, ingest: { ...ingest, floors: others } });
    expect(text).not.toContain(FLOORS.json_checked.reaches);
    expect(text).not.toContain(`| ${FLOORS.json_checked.label} (`);
    expect(text).toContain(FLOORS.contract_checked.reaches);
  });
});

describe("resultsMarkdown, raw reads", () => {
  it("tells a raw read left out from one that failed", () => {
    const scale = committed.scale!;
    const [first, second, ...rest] = scale.queries.raw;
    const raw = [
      { name: first!.name, rows: 0, skipped: "not run: past the limit" },
      { name: second!.name, rows: 0, error: "Memory limit exceeded" },
      ...rest,
    ];
    const text = resultsMarkdown({ ...committed, scale: { ...scale, queries: { ...scale.queries, raw } } });
    expect(text).toContain(`| ${first!.name} | – | not run | not run: past the limit | – |`);
    expect(text).toContain(`| ${second!.name} | – | failed | failed: Memory limit exceeded | – |`);
  });

  it("marks a ratio as a lower bound only where a raw read was stopped at its limit", () => {
    const scale = committed.scale!;
    const plain = resultsMarkdown({
      ...committed,
      scale: { ...scale, queries: { ...scale.queries, viewSpeedup: { "24h": 526 }, lowerBounds: [] } },
    });
    expect(plain).toContain("all of the route's figures: 24h 526×;");
    expect(plain).not.toContain("(≥:");
    expect(plain).not.toContain("≥526");
    const bounded = resultsMarkdown({
      ...committed,
      scale: { ...scale, queries: { ...scale.queries, viewSpeedup: { "24h": 526 }, lowerBounds: ["all:24h"] } },
    });
    expect(bounded).toContain("all of the route's figures: 24h ≥526×;");
    expect(bounded).toContain("(≥: the raw read was stopped at its time limit)");
  });
});

describe("resultsMarkdown, engines", () => {
  it("puts each ratio beside its goal's verdict, and a ratio not measured as such, not as missed", () => {
    const engines = committed.engines!;
    const verdict = engines.goals_met.ingest_ratio ? "met" : "**missed**";
    expect(resultsMarkdown(committed)).toContain(`| ${engines.ratios.ingest} | ≥ 0.8: ${verdict} |`);
    const unmeasured = resultsMarkdown({
      ...committed,
      engines: {
        ...engines,
        ratios: { ...engines.ratios, ingest: null },
        goals_met: { ...engines.goals_met, ingest_ratio: null },
      },
    });
    expect(unmeasured).toContain("| – | ≥ 0.8: not measured |");
  });

  it("says why an engine has no slowest queries instead of leaving them out", () => {
    const engines = committed.engines!;
    const embedded = {
      ...engines.embedded,
      slowest_queries: { unavailable: "no system.query_log on this embedded engine" },
    };
    const text = resultsMarkdown({ ...committed, engines: { ...engines, embedded } });
    expect(text).toContain("| system.query_log | no system.query_log on this embedded engine |");
    expect(text).not.toContain("Slowest queries of the embedded engine");
  });
});
