import type { Exposition } from "../http/health-routes";

/** How a key ring's reloads of its stored keys went (the warehouse's reloading ring keeps it). */
export interface KeyRingReloadStatus {
  failures: number;
  lastError: string | null;
  lastSuccessMs: number | null;
}

/**
 * A service's /metrics with its key ring's reloads appended, in the Prometheus text format (the
 * warehouse has no metrics client; the services' registries stay theirs): how many reloads failed,
 * whether the last one did (the ring then holds the last good keys), and when one last worked.
 */
export function withKeyRingMetrics(
  exposition: Exposition,
  ring: { readonly status: KeyRingReloadStatus },
  prefix: string,
): Exposition {
  return {
    contentType: exposition.contentType,
    async render() {
      const { failures, lastError, lastSuccessMs } = ring.status;
      const lines = [
        `# HELP ${prefix}key_ring_reload_failures_total Reloads of the stored keys that failed (the last good keys stay in use)`,
        `# TYPE ${prefix}key_ring_reload_failures_total counter`,
        `${prefix}key_ring_reload_failures_total ${failures}`,
        `# HELP ${prefix}key_ring_reload_failing 1 while the latest reload of the stored keys failed`,
        `# TYPE ${prefix}key_ring_reload_failing gauge`,
        `${prefix}key_ring_reload_failing ${lastError === null ? 0 : 1}`,
        `# HELP ${prefix}key_ring_last_reload_success_timestamp_seconds When the stored keys were last read (absent: never)`,
        `# TYPE ${prefix}key_ring_last_reload_success_timestamp_seconds gauge`,
        ...(lastSuccessMs === null
          ? []
          : [`${prefix}key_ring_last_reload_success_timestamp_seconds ${lastSuccessMs / 1000}`]),
      ];
      return `${await exposition.render()}${lines.join("\n")}\n`;
    },
  };
}
