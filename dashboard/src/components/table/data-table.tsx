import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/layout/scroll-region";
import type { CsvTable } from "@/lib/csv";
import { CsvDownload } from "./csv-download";

export interface Column<Row> {
  header: string;
  align?: "left" | "right";
  /** What the cell shows. */
  cell: (row: Row) => ReactNode;
  /** What the CSV holds for the cell: the raw value, so a spreadsheet can compute with it. */
  csv: (row: Row) => CsvValue;
  /** The CSV column's header where the raw value differs from what the cell shows: a rate shown as 23.4% is 0.234 there (lib/csv.ts fractionHeader). */
  csvHeader?: string;
  /** Further CSV columns after this one, for what the cell shows together (a rate and its sample size). */
  csvExtra?: { header: string; csv: (row: Row) => CsvValue }[];
}

type CsvValue = string | number | boolean | null;

/**
 * A server-rendered table with its CSV download; the CSV carries raw values, the screen formatted ones.
 * A table wider than its panel scrolls inside it (`ScrollRegion`), not the page.
 */
export function DataTable<Row>({
  name,
  columns,
  rows,
  rowKey,
  footer,
}: {
  name: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  footer?: ReactNode;
}) {
  const csvColumns = columns.flatMap((column) => [
    { header: column.csvHeader ?? column.header, csv: column.csv },
    ...(column.csvExtra ?? []),
  ]);
  const csv: CsvTable = {
    headers: csvColumns.map((column) => column.header),
    rows: rows.map((row) => csvColumns.map((column) => column.csv(row))),
  };
  return (
    <div className="table-block">
      <ScrollRegion>
        <table data-table={name}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} className={column.align === "right" ? "num" : undefined} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.align === "right" ? "num" : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="table-footer">
        <span className="muted">
          {rows.length} {rows.length === 1 ? "row" : "rows"}
        </span>
        {footer}
        <CsvDownload table={csv} name={name} />
      </div>
    </div>
  );
}
