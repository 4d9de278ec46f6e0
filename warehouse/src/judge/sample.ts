import { sqlValue } from "../sql/escape";

/** Sampling resolution: a rate is applied in steps of 1/SAMPLE_BUCKETS. */
export const SAMPLE_BUCKETS = 10_000;

/**
 * The condition that picks a rate's share of responses, the same on every pass and process: the
 * response id's halfMD5 (the first 8 bytes of its MD5, big-endian, on ClickHouse 18.16 and 26.x
 * alike) modulo SAMPLE_BUCKETS below rate × SAMPLE_BUCKETS. A response sampled once stays sampled.
 */
export function sampledCondition(rate: number): string {
  const below = Math.round(rate * SAMPLE_BUCKETS);
  return `(halfMD5(response_id) % ${sqlValue(SAMPLE_BUCKETS)}) < ${sqlValue(below)}`;
}
