export interface DataCell {
  /** As the chart's tooltip shows it. */
  text: string;
  /** The plotted value (empty when there is none), for a script or a test to read. */
  value?: number | null;
}

/**
 * The values a chart draws, as a table behind "Show data": what a screen reader or a keyboard
 * user reads instead of hovering the marks, and what anyone can copy.
 */
export function ChartDataTable({
  name,
  caption,
  headers,
  rows,
}: {
  name: string;
  caption: string;
  headers: string[];
  rows: { key: string; cells: DataCell[] }[];
}) {
  return (
    <details className="chart-data">
      <summary>Show data</summary>
      <div className="table-scroll">
        <table data-chart-table={name}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {headers.map((header, index) => (
                <th key={header} scope="col" className={index > 0 ? "num" : undefined}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-x={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell.text}
                    </th>
                  ) : (
                    <td
                      key={index}
                      className="num"
                      data-value={cell.value === undefined || cell.value === null ? "" : String(cell.value)}
                    >
                      {cell.text}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
