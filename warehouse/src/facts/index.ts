// SQL builders over the raw fact tables, correct before and after merges (see each file).
export * from "./sql-fragments";
export * from "./dedup-events";
export * from "./current-responses";
export * from "./reduced-tool-calls";
export * from "./feedback-actions";
export * from "./current-feedback";
export * from "./tool-call-firsts";
export * from "./id-indexes";
export * from "./tenant-fact-times";
