import { describe, expect, it } from "vitest";
import { parseEraseArgs } from "./erase-args";

describe("parseEraseArgs", () => {
  it("reads both flags in either order and form", () => {
    expect(parseEraseArgs(["--tenant", "acme", "--user", "u 1"])).toEqual({ tenantId: "acme", userId: "u 1" });
    expect(parseEraseArgs(["--user=u=2", "--tenant=acme"])).toEqual({ tenantId: "acme", userId: "u=2" });
    expect(parseEraseArgs(["--help"])).toBeNull();
  });
  it.each([
    [["--tenant", "acme"]],
    [["--user", "u"]],
    [["--tenant", "no tenant!", "--user", "u"]],
    [["--tenant", "acme", "--user"]],
    [["--tenant", "acme", "--user", "u", "--all"]],
  ])("refuses %j", (args) => {
    expect(() => parseEraseArgs(args)).toThrow();
  });
});
