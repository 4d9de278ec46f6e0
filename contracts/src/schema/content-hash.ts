import { hash } from "node:crypto";
import { canonicalJson } from "../text/canonical-json";

/**
 * The fields that differ between two deliveries of one user action (a client retry gets a new
 * `event_id` and usually a new `occurred_at`), so they are left out of the content hash.
 */
const DELIVERY_FIELDS: ReadonlySet<string> = new Set(["event_id", "occurred_at", "occurred_at_ms", "content_hash"]);

/**
 * sha256 (hex) of an event's canonical JSON without its delivery fields. Two feedback events with
 * one `client_feedback_id` and equal hashes are one action retried; different hashes are a conflict.
 */
export function contentHashOf(event: Readonly<Record<string, unknown>>): string {
  // The one-shot hash: a Hash object per event cost as much as the hashing itself.
  return hash("sha256", canonicalJson(event, DELIVERY_FIELDS), "hex");
}
