/** A table as plain values, ready to be downloaded; what a server component hands to the download button. */
export interface CsvTable {
  headers: string[];
  rows: (string | number | boolean | null)[][];
}

/**
 * The CSV header of a rate or share: the CSV holds it as a fraction (0.234), the screen as a
 * percentage (23.4%), and the header says which, so nobody reads 0.234 as 0.234%.
 */
export const fractionHeader = (header: string): string => `${header} (fraction 0-1)`;

/**
 * RFC 4180 text. Text cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) get a leading apostrophe: payloads and comments come from producers and users, not from us.
 * Numbers stay numbers, so a negative difference is not mangled.
 */
export function toCsv(table: CsvTable): string {
  const cell = (value: string | number | boolean | null): string => {
    if (value === null) return "";
    if (typeof value !== "string") return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [table.headers, ...table.rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** A file name that says what and when: `effect-by-model-2026-11-30T10-00.csv`. */
export function csvFileName(what: string, at: Date = new Date()): string {
  const stamp = at.toISOString().slice(0, 16).replace(":", "-");
  return `${what.replace(/[^A-Za-z0-9_-]+/g, "-")}-${stamp}.csv`;
}
