import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * Fields a log line never carries, at the top level or one object down: bodies and events (payload
 * values), keys, credentials and headers that hold them, the user's own words, and errors (whose
 * messages can quote any of these; pino would write an `err`'s message and stack). A line says what
 * happened (route, status, duration, counts, error class), never what was sent.
 */
const SECRET_FIELDS = [
  "key",
  "keys",
  "authorization",
  "cookie",
  "token",
  "secret",
  "password",
  "payload",
  "body",
  "event",
  "events",
  "query_text",
  "error_message",
  "headers",
  "err",
  "error",
];
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]);

export interface LoggerOptions {
  /** trace, debug, info (default), warn, error, fatal or silent; LOG_LEVEL when not given. */
  level?: string;
  /** Where the JSON lines go; standard output when not given. */
  destination?: DestinationStream;
}

/** A service's logger: one JSON object per line, with its level by name, the time, and `service`. */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  return pino(
    {
      base: { service },
      level: options.level ?? process.env.LOG_LEVEL ?? "info",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    // Synchronous, so the last lines before process.exit (a failed start, a signal) are not lost.
    options.destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

/** What an error may say in a log: its class, never its message (which can quote a payload or a key). */
export const errorClass = (error: unknown): string => (error instanceof Error ? error.constructor.name : typeof error);

/** Where an error was thrown: its stack's frames without the first line, which is the message. */
export const errorFrames = (error: unknown): string | undefined =>
  error instanceof Error ? error.stack?.split("\n").slice(1).join("\n") : undefined;
