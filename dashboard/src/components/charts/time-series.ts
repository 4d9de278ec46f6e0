/** A series of a chart: its key in the points, its legend label and its colour (palette.ts). */
export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

/** One time bucket: its start and each series' value, with the sample size behind it where known. */
export interface TimePoint {
  t: number;
  values: Record<string, number | null>;
  n?: Record<string, number | null>;
}
