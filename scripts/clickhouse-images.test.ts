import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLICKHOUSE_IMAGE } from "@answerscope/test-kit/containers";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every clickhouse/* image a compose file names, with its tag. */
function composeImages(file: string): { name: string; tag: string }[] {
  return [
    ...readFileSync(join(ROOT, file), "utf8").matchAll(/^\s*image:\s*clickhouse\/(clickhouse-[a-z]+):(\S+)\s*$/gm),
  ].map((m) => ({ name: m[1]!, tag: m[2]! }));
}

/**
 * The ClickHouse server that deployments and the container-backed tests run is one version,
 * declared in test-kit/src/containers.ts; the compose files must name the same (they cannot import it),
 * and it must be a current release, in the 26.x line the embedded engine (chDB) tests in CI.
 */
describe("the ClickHouse server image", () => {
  const [, tag] = CLICKHOUSE_IMAGE.split(":");

  it("is 26.x", () => {
    expect(tag).toMatch(/^26\.\d+$/);
  });

  it("is the same in docker-compose.yml, docker-compose.cluster.yml (server and keeper) and the test containers", () => {
    const images = [...composeImages("docker-compose.yml"), ...composeImages("docker-compose.cluster.yml")];
    expect(images.map((image) => image.name).sort()).toEqual([
      "clickhouse-keeper",
      "clickhouse-server",
      "clickhouse-server",
    ]);
    for (const image of images) expect(image, image.name).toMatchObject({ tag });
  });
});
