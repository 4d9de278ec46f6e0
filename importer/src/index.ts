// Public API of @answerscope/importer: vikingbot's session files as Answerscope events (cli.ts is the command).

export { importVikingbot, watchVikingbot } from './run/import-vikingbot.js';
export type { ImportOptions, WatchOptions } from './run/import-vikingbot.js';
export { emptyReport, totalSent } from './run/import-report.js';
export type { ImportReport, ReportedProblem } from './run/import-report.js';
export { loadState, saveState } from './run/import-state.js';
export type { ImportState } from './run/import-state.js';
export { openTransport } from './delivery/open-transport.js';
export type { DeliveryTarget } from './delivery/open-transport.js';
export { parseImportConfig, UsageError } from './cli/import-config.js';
export type { ImportConfig } from './cli/import-config.js';
export { formatSummary } from './cli/format-summary.js';
export { sessionEventsOf } from './mapping/session-events.js';
export type { MappedEvent, MappingContext } from './mapping/mapping-context.js';
export { parseSession } from './vikingbot/parse-session.js';
export { parseSessionFileName, displayNameOf } from './vikingbot/session-file-name.js';
export { localTimeToEpochMs } from './mapping/local-time.js';
