import { describe, expect, it } from "vitest";
import { CommitLedger } from "./commit-ledger";

describe("CommitLedger", () => {
  it("commits a partition only up to its first batch that is not durable, whatever order batches finish in", () => {
    const ledger = new CommitLedger();
    const first = ledger.track("t", 0, 10n);
    const second = ledger.track("t", 0, 20n);
    const third = ledger.track("t", 0, 30n);
    third();
    second();
    expect(ledger.committable()).toEqual([]);
    first();
    expect(ledger.committable()).toEqual([{ topic: "t", partition: 0, offset: "30" }]);
  });

  it("keeps partitions apart: a stuck batch of one holds back no other", () => {
    const ledger = new CommitLedger();
    ledger.track("t", 0, 5n);
    const other = ledger.track("t", 1, 7n);
    const otherTopic = ledger.track("u", 0, 3n);
    other();
    otherTopic();
    expect(ledger.committable()).toEqual([
      { topic: "t", partition: 1, offset: "7" },
      { topic: "u", partition: 0, offset: "3" },
    ]);
  });

  it("offers an offset once, and again only when it moved forward", () => {
    const ledger = new CommitLedger();
    ledger.track("t", 0, 10n)();
    const offered = ledger.committable();
    ledger.committed(offered);
    expect(ledger.committable()).toEqual([]);
    ledger.track("t", 0, 12n)();
    expect(ledger.committable()).toEqual([{ topic: "t", partition: 0, offset: "12" }]);
  });

  it("never offers an offset below the last commit after the consumer was sent back", () => {
    const ledger = new CommitLedger();
    ledger.track("t", 0, 50n)();
    ledger.committed(ledger.committable());
    // An offset reset: reading starts over below what was committed.
    const reread = ledger.track("t", 0, 20n);
    reread();
    expect(ledger.committable()).toEqual([]);
    ledger.track("t", 0, 60n)();
    expect(ledger.committable()).toEqual([{ topic: "t", partition: 0, offset: "60" }]);
  });

  it("ignores batches of an earlier generation once reset", () => {
    const ledger = new CommitLedger();
    const old = ledger.track("t", 0, 10n);
    ledger.reset();
    old();
    expect(ledger.committable()).toEqual([]);
  });
});
