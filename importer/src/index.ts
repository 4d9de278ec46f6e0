// Public API of @answerscope/importer: vikingbot's session files as Answerscope events (cli.ts is the command).

export { importVikingbot, watchVikingbot } from "./run/import-vikingbot";
export type { ImportOptions, WatchOptions } from "./run/import-vikingbot";
export { emptyReport, totalSent } from "./run/import-report";
export type { ImportReport, ReportedProblem } from "./run/import-report";
export { loadState, saveState } from "./run/import-state";
export type { ImportState } from "./run/import-state";
export { openTransport } from "./delivery/open-transport";
export type { DeliveryTarget } from "./delivery/open-transport";
export { parseImportConfig, UsageError } from "./cli/import-config";
export type { ImportConfig } from "./cli/import-config";
export { formatSummary } from "./cli/format-summary";
export { sessionEventsOf } from "./mapping/session-events";
export type { MappedEvent, MappingContext } from "./mapping/mapping-context";
export { parseSession } from "./vikingbot/parse-session";
export { parseSessionFileName, displayNameOf } from "./vikingbot/session-file-name";
export { localTimeToEpochMs } from "./mapping/local-time";
