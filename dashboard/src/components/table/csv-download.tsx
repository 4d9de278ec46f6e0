"use client";

import { csvFileName, toCsv, type CsvTable } from "@/lib/csv";

/** Downloads the table exactly as shown (same rows, same columns) as a CSV file, built in the browser. */
export function CsvDownload({ table, name }: { table: CsvTable; name: string }) {
  const download = () => {
    // A byte-order mark so spreadsheet programs read UTF-8 (Chinese queries, arrows in tool chains).
    const blob = new Blob(["\uFEFF", toCsv(table)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = csvFileName(name);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button
      type="button"
      className="button-small"
      onClick={download}
      data-csv={name}
      disabled={table.rows.length === 0}
    >
      Download CSV
    </button>
  );
}
