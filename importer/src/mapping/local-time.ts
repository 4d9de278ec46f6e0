// vikingbot writes times as ISO text without a zone, in the bot host's local time. The events need
// RFC 3339 with a zone, so the wall-clock time is read in the configured IANA zone (via Intl, no tz
// database of our own).

const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone name (e.g. `Asia/Shanghai`, `UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at the instant `utcMs`, in ms. */
function offsetMsAt(utcMs: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(utcMs))
      .map((part) => [part.type, part.value]),
  );
  const wallMs = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wallMs - Math.floor(utcMs / 1000) * 1000;
}

/**
 * Epoch ms of a local wall-clock time in `timeZone`, or null when the text is not a time. Text that
 * already carries a zone is taken as is. In a DST gap or overlap the earlier offset wins, which is
 * what the bot's own clock would have meant at most an hour off, once a year.
 */
export function localTimeToEpochMs(text: string, timeZone: string): number | null {
  const trimmed = text.trim();
  if (HAS_ZONE.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? null : ms;
  }
  const match = LOCAL_ISO.exec(trimmed);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = "0", fraction = "0"] = match;
  const millis = Number(fraction.padEnd(3, "0").slice(0, 3));
  const wallMs = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    millis,
  );
  if (Number.isNaN(wallMs)) return null;
  // The offset at the guessed instant, then again at the corrected one (they differ only near a DST switch).
  const firstGuess = wallMs - offsetMsAt(wallMs, timeZone);
  return wallMs - offsetMsAt(firstGuess, timeZone);
}

/** RFC 3339 in UTC with milliseconds, as the contract wants `occurred_at`. */
export const isoOf = (epochMs: number): string => new Date(epochMs).toISOString();
