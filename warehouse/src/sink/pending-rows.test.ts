import { describe, expect, it } from "vitest";
import { pendingRowsWanted } from "./pending-rows";

const row = (tenant_id: string, call_id: string) => ({ tenant_id, call_id });
type Row = ReturnType<typeof row>;
const keyOf = (r: Row) => `${r.tenant_id}\u0000${r.call_id}`;

describe("pendingRowsWanted", () => {
  it("keeps the pending rows whose whole key is wanted, with their keys, in order", () => {
    const pending = [row("t", "c1"), row("t", "c2"), row("u", "c1"), row("t", "c1")];
    const wanted = new Set([keyOf(row("t", "c1"))]);
    expect(pendingRowsWanted(pending, (r) => r.call_id, keyOf, new Set(["c1"]), wanted)).toEqual([
      [row("t", "c1"), "t\u0000c1"],
      [row("t", "c1"), "t\u0000c1"],
    ]);
  });

  it("builds no key for a row whose id is not wanted", () => {
    const built: Row[] = [];
    const counting = (r: Row) => (built.push(r), keyOf(r));
    pendingRowsWanted(
      [row("t", "c1"), row("t", "c2")],
      (r) => r.call_id,
      counting,
      new Set(["c2"]),
      new Set([keyOf(row("t", "c2"))]),
    );
    expect(built).toEqual([row("t", "c2")]);
  });
});
