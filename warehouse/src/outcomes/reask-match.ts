import { normalizeForReask, REASK_PHRASES } from "@answerscope/contracts";
import { sqlValue } from "../sql/escape";

/**
 * SQL condition: `textSql` contains a re-ask phrase, like `isReask` of the contracts
 * (lower case, the typographic apostrophe ’ read as '). Built from the same list, so the
 * product's JS and SQL agree. 18.16 has no multiSearchAny, hence the OR of positions.
 * An empty text matches nothing.
 */
export function reaskMatchSql(textSql: string, phrases: readonly string[] = REASK_PHRASES): string {
  if (phrases.length === 0) return "0";
  const normalized = `replaceAll(lowerUTF8(${textSql}), ${sqlValue("\u2019")}, ${sqlValue("'")})`;
  const tests = phrases.map((phrase) => `position(${normalized}, ${sqlValue(normalizeForReask(phrase))}) > 0`);
  return `(${tests.join(" OR ")})`;
}
