// Tools for the reference docs in docs/: generated lists between markers (marked-sections.ts),
// JSON Schema fields as Markdown tables (schema-fields.ts), and the contract's own lists.
export { markedSectionNames, replaceMarkedSections } from './marked-sections.js';
export { describeType, fieldRows, fieldTable, inlineCode } from './schema-fields.js';
export type { FieldRow, RefResolver } from './schema-fields.js';
export { contractDocSections } from './contract-docs.js';
