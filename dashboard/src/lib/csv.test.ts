import { describe, expect, it } from "vitest";
import { csvFileName, toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes what needs quoting and leaves numbers as numbers", () => {
    expect(
      toCsv({
        headers: ["name", "rate"],
        rows: [
          ["a,b", 0.5],
          ['say "hi"', -0.03],
          ["line\nbreak", null],
        ],
      }),
    ).toBe('name,rate\r\n"a,b",0.5\r\n"say ""hi""",-0.03\r\n"line\nbreak",\r\n');
  });
  it("defuses text a spreadsheet would run as a formula", () => {
    expect(toCsv({ headers: ["comment"], rows: [['=HYPERLINK("x")'], ["+1"], ["@sum"], ["-2"]] })).toBe(
      'comment\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'@sum\r\n\'-2\r\n',
    );
  });
  it("names files by content and time", () => {
    expect(csvFileName("effect by model", new Date("2026-11-30T10:05:00Z"))).toBe(
      "effect-by-model-2026-11-30T10-05.csv",
    );
  });
});
