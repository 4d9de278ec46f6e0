import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The dashboard's bundle imports these entry points (package.json `exports`): nothing in their
// folders may reach Node, zod or the rest of the package, or the browser build pulls it in. Their
// imports carry no extension: Turbopack does not map `./x.js` to `./x.ts` as tsx and tsc do.
const BROWSER_SAFE_FOLDERS = ["metrics", "vocabularies"];

describe("browser-safe entry points", () => {
  for (const folder of BROWSER_SAFE_FOLDERS) {
    it(`${folder}/ imports nothing outside its folder`, () => {
      const path = join(dirname(fileURLToPath(import.meta.url)), folder);
      const files = readdirSync(path).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
      expect(files).toContain("index.ts");
      for (const file of files) {
        const imports = [...readFileSync(join(path, file), "utf8").matchAll(/from '([^']+)'/g)].map(
          (match) => match[1],
        );
        for (const target of imports) expect(target, `${folder}/${file}`).toMatch(/^\.\/[a-z-]+$/);
      }
    });
  }
});
