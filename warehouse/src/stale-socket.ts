/**
 * Reads on a keep-alive socket that ClickHouse has already closed.
 *
 * ClickHouse closes an idle HTTP connection after its `keep_alive_timeout` (3 s by default);
 * the client retires idle sockets a little sooner (`idle_socket_ttl`), but a busy event loop
 * can run that timer late, or the server can close a socket just as a request is written on
 * it. The request then fails with "socket hang up" (ECONNRESET) or EPIPE before ClickHouse has
 * seen it, which the query API would report as a 503. Node's advice for such requests is to
 * send an idempotent one again on a new socket: reads are sent once more, inserts never
 * (the ingest worker retries its writes itself, after its duplicate checks).
 */
const STALE_SOCKET_CODES = new Set(["ECONNRESET", "EPIPE"]);

export function isStaleSocketError(error: unknown): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return code !== undefined && STALE_SOCKET_CODES.has(code);
}

/** Runs `read`, and once more if it failed on a closed keep-alive socket. */
export async function retryOnStaleSocket<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isStaleSocketError(error)) throw error;
    return read();
  }
}
