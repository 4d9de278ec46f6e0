/** Counters of what became of the events handed to the client, since it was made. */
export interface ClientStats {
  /** Waiting or being sent now. */
  queued: number;
  /** Accepted by the collector. */
  sent: number;
  /** Answered by the collector as invalid (onRejected has the reasons); kept there as rejected events. */
  rejected: number;
  /** Refused by the collector for good with their batch (400, 401, 403, 413; onError has why). */
  failed: number;
  /** Never sent: the queue was full (maxQueueSize), the client was shut down, or shutdown's time ran out. */
  dropped: number;
  /** Retries of batches (429, 503, no answer, ...). */
  retries: number;
}
