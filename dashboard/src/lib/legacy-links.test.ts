import { describe, expect, it } from "vitest";
import { upgradeLegacyLink } from "./legacy-links";
import { parseViewState } from "./url-state";

describe("old links", () => {
  it("an alert's /negative-feedback link opens the feedback view with its slice and time", () => {
    const old = new URLSearchParams(
      "from=2026-12-07T08:00:00Z&to=2026-12-07T10:05:00Z&tenant=acme&model=gpt-4o&channel=web+chat%2F%CE%B2",
    );
    const upgraded = upgradeLegacyLink("/negative-feedback", old)!;
    expect(upgraded).toBe(
      "/feedback?from=2026-12-07T08%3A00%3A00Z&to=2026-12-07T10%3A05%3A00Z&tenant=acme&model=gpt-4o&channel=web+chat%2F%CE%B2",
    );
    const state = parseViewState(new URLSearchParams(upgraded.split("?")[1]));
    expect(state).toMatchObject({
      tenant: "acme",
      filters: { model: ["gpt-4o"], channel: ["web chat/β"] },
      range: { kind: "custom", from: "2026-12-07T08:00:00.000Z", to: "2026-12-07T10:05:00.000Z" },
    });
  });

  it("a tool alert's tool_name becomes the tool filter, on any view, keeping repeated values", () => {
    expect(
      upgradeLegacyLink("/diagnostics", new URLSearchParams("tenant=demo&tool_name=web_search&tool_name=db_query")),
    ).toBe("/diagnostics?tenant=demo&tool=web_search&tool=db_query");
    expect(parseViewState(new URLSearchParams("tool=web_search&tool=db_query")).tools).toEqual([
      "web_search",
      "db_query",
    ]);
    expect(upgradeLegacyLink("/negative-feedback", new URLSearchParams(""))).toBe("/feedback");
  });

  it("a current link is left alone", () => {
    expect(upgradeLegacyLink("/feedback", new URLSearchParams("tenant=demo&model=gpt-4o"))).toBeNull();
    expect(upgradeLegacyLink("/diagnostics", new URLSearchParams("tool=web_search"))).toBeNull();
  });
});
