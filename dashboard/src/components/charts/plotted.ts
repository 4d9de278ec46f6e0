/**
 * The data attributes of one plotted mark (a line's point, a bar's segment): its series, its place
 * on the x axis and the value it was drawn for. The browser tests compare them with the API's series,
 * and the mark's geometry with the value.
 */
export function plotted(series: string, x: number | string, value: number | null) {
  return { "data-series": series, "data-x": String(x), "data-value": value === null ? "" : String(value) };
}
