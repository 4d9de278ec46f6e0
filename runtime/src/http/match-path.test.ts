import { describe, expect, it } from "vitest";
import { matchPath } from "./match-path";

describe("matchPath", () => {
  it("matches exact paths as before", () => {
    expect(matchPath("/v1/events", "/v1/events")).toEqual({});
    expect(matchPath("/v1/events", "/v1/events/")).toBeUndefined();
  });

  it("binds {name} segments to one decoded, non-empty segment", () => {
    expect(matchPath("/api/v1/responses/{response_id}", "/api/v1/responses/r-1")).toEqual({ response_id: "r-1" });
    expect(matchPath("/api/v1/responses/{response_id}", "/api/v1/responses/a%2Fb%20%27c")).toEqual({
      response_id: "a/b 'c",
    });
    expect(matchPath("/api/v1/responses/{response_id}", "/api/v1/responses/")).toBeUndefined();
    expect(matchPath("/api/v1/responses/{response_id}", "/api/v1/responses/a/b")).toBeUndefined();
    expect(matchPath("/api/v1/responses/{response_id}", "/api/v1/diagnostics/a")).toBeUndefined();
  });

  it("does not match a malformed escape instead of throwing", () => {
    expect(matchPath("/api/v1/responses/{response_id}", "/api/v1/responses/%E0%A4%A")).toBeUndefined();
  });
});
