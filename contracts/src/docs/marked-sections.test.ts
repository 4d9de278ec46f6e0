import { describe, expect, it } from "vitest";
import { markedSectionNames, replaceMarkedSections } from "./marked-sections";

const doc = [
  "# Title",
  "Prose before.",
  "<!-- generated:a (npm run docs) -->",
  "old a",
  "<!-- /generated:a -->",
  "Prose between.",
  "<!-- generated:b.c -->",
  "<!-- /generated:b.c -->",
  "Prose after.",
  "",
].join("\n");

describe("replaceMarkedSections", () => {
  it("rewrites only the text between the markers", () => {
    const out = replaceMarkedSections(doc, { a: "new a\nline 2\n\n", "b.c": "c" });
    expect(out).toBe(
      doc.replace("old a\n", "new a\nline 2\n").replace("<!-- generated:b.c -->\n", "<!-- generated:b.c -->\nc\n"),
    );
    expect(replaceMarkedSections(out, { a: "new a\nline 2", "b.c": "c" })).toBe(out);
  });

  it("names the sections of a document in order", () => {
    expect(markedSectionNames(doc)).toEqual(["a", "b.c"]);
  });

  it("refuses a section without markers, a marked section nobody generates, and a missing end", () => {
    expect(() => replaceMarkedSections(doc, { a: "", "b.c": "", d: "" })).toThrow("no markers for section(s) d");
    expect(() => replaceMarkedSections(doc, { a: "" })).toThrow("nothing generates the marked section(s) b.c");
    expect(() => replaceMarkedSections("<!-- generated:x -->\nbody\n", { x: "" })).toThrow("no end marker");
  });
});
