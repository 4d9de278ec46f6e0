// Tools for the reference docs in docs/: generated lists between markers (marked-sections.ts),
// JSON Schema fields as Markdown tables (schema-fields.ts), and the contract's own lists.
export { markedSectionNames, replaceMarkedSections } from "./marked-sections";
export { describeType, fieldRows, fieldTable, inlineCode } from "./schema-fields";
export type { FieldRow, RefResolver } from "./schema-fields";
export { contractDocSections } from "./contract-docs";
