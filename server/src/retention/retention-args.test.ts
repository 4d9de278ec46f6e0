import { describe, expect, it } from "vitest";
import { parseRetentionArgs } from "./retention-args";

describe("parseRetentionArgs", () => {
  it("reads --dry-run, --apply and --help", () => {
    expect(parseRetentionArgs(["--dry-run"])).toEqual({ apply: false });
    expect(parseRetentionArgs(["--apply"])).toEqual({ apply: true });
    expect(parseRetentionArgs(["--help"])).toBeNull();
  });
  it.each([[[]], [["--dry-run", "--apply"]], [["--apply", "--tenant", "acme"]], [["apply"]]])("refuses %j", (args) => {
    expect(() => parseRetentionArgs(args)).toThrow();
  });
});
