import { createHash } from "node:crypto";

/**
 * A deterministic event id: the same record of the same session always yields the same id, so a
 * second import (or a watch restart) is deduplicated by the pipeline. Built from what identifies the
 * record in vikingbot's data (tenant, session key, kind, response id, position), never from the
 * file name (a legacy file renamed to the `~hash` form keeps its ids).
 */
export function derivedId(prefix: string, parts: readonly (string | number)[]): string {
  return `${prefix}_${createHash("sha256").update(JSON.stringify(parts)).digest("hex")}`;
}
