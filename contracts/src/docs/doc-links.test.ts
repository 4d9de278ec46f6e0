import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every relative link of the reference docs (and of the root README into them) must name a file
// that exists and, with a #fragment, a heading of that file, as GitHub renders anchors.

const root = new URL("../../../", import.meta.url);
const docFiles = [
  "README.md",
  ...readdirSync(new URL("docs/", root))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** GitHub's heading anchor: lower case, punctuation dropped (not `-` or `_`), spaces to `-`. */
const headingAnchor = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsOf = (text: string): Set<string> =>
  new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingAnchor(match[1] as string)));

const resolveFrom = (file: string, target: string): string =>
  new URL(target, new URL(file, root)).href.slice(root.href.length);

describe("links of the reference docs", () => {
  it("turns headings into GitHub anchors", () => {
    expect(headingAnchor("`feedback_submitted`: one rating action")).toBe("feedback_submitted-one-rating-action");
    expect(headingAnchor("How labels are derived, and how fresh they are")).toBe(
      "how-labels-are-derived-and-how-fresh-they-are",
    );
  });

  it.each(docFiles)("%s links only to files and headings that exist", (file) => {
    const text = readFileSync(new URL(file, root), "utf8");
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\((?!https?:|mailto:)([^)\s]+)\)/g)) {
      const [path = "", fragment] = (target as string).split("#");
      const linked = path === "" ? file : resolveFrom(file, path);
      if (!existsSync(new URL(linked, root))) broken.push(`${target} (no file ${linked})`);
      else if (
        fragment &&
        linked.endsWith(".md") &&
        !anchorsOf(readFileSync(new URL(linked, root), "utf8")).has(fragment)
      ) {
        broken.push(`${target} (no heading #${fragment} in ${linked})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
