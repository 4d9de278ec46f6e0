import { describe, expect, it } from "vitest";
import { StickyCap, VolumeCap, labelValue, topValues } from "./label-cap";

describe("label caps", () => {
  it("keeps the top N by volume, ties by name", () => {
    expect(
      topValues(
        new Map([
          ["b", 5],
          ["a", 5],
          ["c", 9],
          ["d", 1],
        ]),
        2,
      ),
    ).toEqual(new Set(["c", "a"]));
  });

  it("folds everything outside a scope's top N into other, per scope", () => {
    const cap = new VolumeCap(2);
    for (let i = 0; i < 500; i++) cap.add("t1", `model-${i}`, i);
    cap.add("t2", "model-1", 1);
    expect(cap.map("t1", "model-499")).toBe("model-499");
    expect(cap.map("t1", "model-498")).toBe("model-498");
    expect(cap.map("t1", "model-1")).toBe("other");
    expect(cap.map("t2", "model-1")).toBe("model-1");
    expect(cap.map("t3", "never-seen")).toBe("other");
    expect(cap.folded()).toBe(498);
  });

  it("never moves an admitted value and never admits more than N", () => {
    const cap = new StickyCap(2);
    cap.offer("t", ["a", "b"]);
    expect(cap.map("t", "c")).toBe("other");
    cap.offer("t", ["c", "d"]);
    expect(cap.map("t", "a")).toBe("a");
    expect(cap.map("t", "c")).toBe("other");
  });

  it("names an empty value unknown", () => {
    expect(labelValue("")).toBe("unknown");
    expect(new VolumeCap(1).map("t", "")).toBe("other");
  });
});
