/** Progress goes to stderr, so stdout stays clean for whoever pipes the summary. */
const started = Date.now();

export function progress(message: string): void {
  const elapsed = ((Date.now() - started) / 1000).toFixed(1).padStart(7);
  process.stderr.write(`[bench ${elapsed}s] ${message}\n`);
}
