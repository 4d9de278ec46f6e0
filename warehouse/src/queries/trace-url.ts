/**
 * The link to a response's trace in the tracing system, from a configured template such as
 * `https://langfuse.example.com/project/{tenant_id}/traces/{trace_id}`.
 * Values are URL-encoded: a trace id is producer input and must not be able to change the link's path or host.
 */
export function buildTraceUrl(
  template: string | undefined,
  tenantId: string,
  traceId: string | null | undefined,
): string | null {
  if (!template || !traceId) return null;
  return template
    .replaceAll("{tenant_id}", encodeURIComponent(tenantId))
    .replaceAll("{trace_id}", encodeURIComponent(traceId));
}
