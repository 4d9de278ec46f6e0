import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { withoutClusterOnlyPlaceholders } from "../sql/ddl";

export interface Migration {
  version: number;
  name: string;
  source: string;
  /**
   * sha256 of the template source without cluster-only placeholders, so a changed applied
   * migration is noticed, and a file that only gained a sharding key is not.
   */
  checksum: string;
}

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../../sql/migrations");

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`migration file name must look like 0001_name.sql: ${file}`);
      const source = readFileSync(join(dir, file), "utf8");
      return {
        version: Number(match[1]),
        name: match[2]!,
        source,
        checksum: createHash("sha256").update(withoutClusterOnlyPlaceholders(source)).digest("hex"),
      };
    })
    .sort((a, b) => a.version - b.version);
  // Increasing and unique; a gap is allowed so branches can reserve numbers that merge later.
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1]?.version ?? 0;
    if (migration.version <= previous)
      throw new Error(
        `migrations must be numbered uniquely and in order; found ${migration.version} after ${previous}`,
      );
  });
  return migrations;
}
