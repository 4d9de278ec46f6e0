import { describe, expect, it } from "vitest";
import { TENANT_ID_PATTERN } from "@answerscope/contracts";
import {
  EMPTY_STATE,
  parseViewState,
  readViewState,
  serializeViewState,
  sharedPart,
  TENANT_PATTERN,
  viewHref,
  withFilter,
  type ViewState,
} from "./url-state";

const full: ViewState = {
  tenant: "demo",
  range: { kind: "custom", from: "2026-11-30T08:00:00.000Z", to: "2026-11-30T20:00:00.000Z" },
  filters: { model: ["gpt-4o", "claude-sonnet"], prompt_version: ["v2"], query_category: ["账单 & billing"] },
  slice: "channel",
  bucket: "5m",
  tools: ["web_search", "db_query"],
  metric: "thumbs_down_rate",
  dimension: "prompt_version",
  a: "v1",
  b: "v2",
  samples: "bad",
  reason: "not_grounded",
  cursor: "WzE3NjQ0OTYwMDAwMDAsInJlc3AtMSJd",
  rejectedReason: "invalid_field:time_cost_ms",
  cellLabel: "bad",
  cellExternal: "positive_feedback",
};

describe("URL state", () => {
  it("round-trips every field through the query string", () => {
    const query = serializeViewState(full).toString();
    expect(parseViewState(new URLSearchParams(query))).toEqual(full);
  });

  it("round-trips the defaults, and the empty query means the defaults", () => {
    expect(parseViewState(serializeViewState(EMPTY_STATE))).toEqual(EMPTY_STATE);
    expect(parseViewState(new URLSearchParams(""))).toEqual(EMPTY_STATE);
  });

  it("writes a canonical query: the same state gives the same link whatever order it was built in", () => {
    const shuffled = new URLSearchParams("b=v2&a=v1&model=gpt-4o&tenant=demo&range=7d&model=claude");
    const canonical = serializeViewState(parseViewState(shuffled)).toString();
    expect(canonical).toBe("tenant=demo&range=7d&model=gpt-4o&model=claude&a=v1&b=v2");
    expect(serializeViewState(parseViewState(new URLSearchParams(canonical))).toString()).toBe(canonical);
  });

  it("drops a matrix cell whose Answerscope label is not one", () => {
    expect(parseViewState(new URLSearchParams("cell_label=great&cell_external=reasked"))).toMatchObject({
      cellLabel: null,
      cellExternal: "reasked",
    });
  });

  it("reads what Next hands a page (a record of strings and arrays)", () => {
    expect(parseViewState({ tenant: "acme", model: ["a", "b"], channel: "web", range: "1h" })).toMatchObject({
      tenant: "acme",
      filters: { model: ["a", "b"], channel: ["web"] },
      range: { kind: "preset", preset: "1h" },
    });
  });

  it("falls back to defaults for invalid values instead of failing the page", () => {
    const state = parseViewState(
      new URLSearchParams(
        "tenant=../etc&range=3y&slice=user_id&bucket=week&metric=drop_table&samples=all&from=yesterday&to=today",
      ),
    );
    expect(state).toEqual(EMPTY_STATE);
  });

  it("takes a custom range only when both ends parse and are ordered", () => {
    expect(parseViewState(new URLSearchParams("from=2026-11-30T10:00:00Z&to=2026-11-30T09:00:00Z")).range).toEqual({
      kind: "preset",
      preset: "24h",
    });
    expect(parseViewState(new URLSearchParams("from=2026-11-30T10:00:00+02:00&to=2026-11-30T12:00:00Z")).range).toEqual(
      {
        kind: "custom",
        from: "2026-11-30T08:00:00.000Z",
        to: "2026-11-30T12:00:00.000Z",
      },
    );
  });

  it("says what it left out: one notice per parameter not taken as written", () => {
    const { state, notices } = readViewState(
      new URLSearchParams(
        "tenant=../etc&range=3y&slice=user_id&bucket=week&metric=drop_table&samples=all&from=yesterday&to=today&cell_label=great",
      ),
    );
    expect(state).toEqual(EMPTY_STATE);
    expect(notices.map((notice) => notice.param)).toEqual([
      "tenant",
      "range",
      "from",
      "slice",
      "bucket",
      "metric",
      "samples",
      "cell_label",
    ]);
    expect(readViewState(serializeViewState(full)).notices).toEqual([]);
  });

  it("links to a view with only the parameters it reads", () => {
    expect(viewHref("/rejected", full)).toBe(
      "/rejected?tenant=demo&from=2026-11-30T08%3A00%3A00.000Z&to=2026-11-30T20%3A00%3A00.000Z&rejected_reason=invalid_field%3Atime_cost_ms",
    );
    // Not a view (the response detail): everything, it links back with it.
    expect(viewHref("/responses/r-1", full)).toBe(`/responses/r-1?${serializeViewState(full).toString()}`);
  });

  it("ignores parameters it does not know (a dimension is never taken from them)", () => {
    expect(parseViewState(new URLSearchParams("user_id=u1&response_id=r1")).filters).toEqual({});
  });

  it("drops duplicate filter values", () => {
    expect(parseViewState(new URLSearchParams("model=a&model=a&model=b")).filters).toEqual({ model: ["a", "b"] });
  });

  it("keeps tenant, time and filters between views, and nothing view-specific", () => {
    expect(sharedPart(full)).toEqual({ ...EMPTY_STATE, tenant: "demo", range: full.range, filters: full.filters });
    expect(viewHref("/effect", sharedPart(full))).toBe(
      "/effect?tenant=demo&from=2026-11-30T08%3A00%3A00.000Z&to=2026-11-30T20%3A00%3A00.000Z&model=gpt-4o&model=claude-sonnet&query_category=%E8%B4%A6%E5%8D%95+%26+billing&prompt_version=v2",
    );
  });

  it("starts paging again when a filter changes", () => {
    const next = withFilter(full, "channel", ["slack"]);
    expect(next.filters.channel).toEqual(["slack"]);
    expect(next.cursor).toBeNull();
    expect(withFilter(next, "channel", []).filters).not.toHaveProperty("channel");
  });
});

describe("TENANT_PATTERN", () => {
  // The browser bundle cannot import the contracts' runtime code, so the dashboard keeps its own copy of the rule.
  it("is the contract's tenant id rule", () => {
    expect(TENANT_PATTERN.source).toBe(TENANT_ID_PATTERN.source);
    expect(TENANT_PATTERN.flags).toBe(TENANT_ID_PATTERN.flags);
  });
});
