import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonEachRowChunks } from "./insert-rows";
import { REPOSITORY_ROOT, repositorySourceFiles } from "./repository-files";

/** What @clickhouse/client's own `insert` sends for an array of rows in JSONEachRow. */
const clientBody = (rows: readonly object[]) => Buffer.from(rows.map((row) => JSON.stringify(row) + "\n").join(""));

const rowsOf = (texts: string[]) =>
  texts.map((text, index) => ({ tenant_id: "t1", n: index, text, tags: [text, "x"], flag: index % 2 }));

describe("jsonEachRowChunks", () => {
  it("gives the client's bytes for ASCII, Latin-1, CJK, emoji, escapes and a lone surrogate", () => {
    const rows = rowsOf([
      "plain",
      "café",
      "数据库延迟",
      "🙂 ok",
      'quote " and \\ and \n tab\t',
      "lone \ud800 half",
      "",
    ]);
    expect(Buffer.concat(jsonEachRowChunks(rows))).toEqual(clientBody(rows));
  });

  it("cuts chunks at row ends and keeps rows larger than a chunk whole", () => {
    const small = Array.from({ length: 20 }, (_, index) => ["a", "数", "🙂"][index % 3]!.repeat(index));
    const rows = rowsOf([...small, "b".repeat(2000), ...small]);
    const chunks = jsonEachRowChunks(rows, 512);
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) expect(chunk.at(-1)).toBe(0x0a);
    expect(chunks.filter((chunk) => chunk.length > 512)).toHaveLength(1);
    expect(Buffer.concat(chunks)).toEqual(clientBody(rows));
    expect(
      Buffer.concat(chunks)
        .toString("utf8")
        .split("\n")
        .slice(0, -1)
        .map((line) => JSON.parse(line)),
    ).toEqual(rows);
  });

  it("gives no chunk for no rows", () => {
    expect(jsonEachRowChunks([])).toEqual([]);
  });
});

describe("the inserts", () => {
  it("all run through insertRows: no source, tests included, calls the client's insert itself", () => {
    const files = repositorySourceFiles();
    expect(files).toContain("warehouse/src/insert-rows.ts");
    expect(files).toContain("test/integration/escaping.test.ts");
    const direct = files.filter((file) => /\.client\.insert\(/.test(readFileSync(join(REPOSITORY_ROOT, file), "utf8")));
    expect(direct).toEqual([]);
  });
});
