/**
 * Statuses worth sending the same batch again for: the collector is busy (429), could not store
 * it right now (503, docs/api.md), or something between us and it failed (408, 500, 502, 504).
 * A retry is harmless: events are idempotent by event_id. Every other status (400, 401, 403, 413)
 * would fail again the same way.
 */
const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

export const isRetryableStatus = (status: number): boolean => RETRYABLE.has(status);
