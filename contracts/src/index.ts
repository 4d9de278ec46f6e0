// Public API of @answerscope/contracts: the event contract (docs/events.md) as zod schemas, the
// validation entry points the collector and ingest workers call, and the rules tables the
// pipeline and the warehouse share.

export { EVENT_TYPES, FINISH_REASONS, RATINGS, TARGET_TYPES, TOOL_STATUSES, UNKNOWN, isEventType } from './vocabulary.js';
export type { EventType, FinishReason, Rating, TargetType, ToolStatus } from './vocabulary.js';
export { MAX_EVENT_BYTES, MAX_LIST_ENTRIES, TEXT_LIMITS } from './limits.js';

export { SCHEMA_VERSION, TENANT_ID_PATTERN } from './schema/envelope.js';
export { responseCompletedSchema } from './schema/response-completed.js';
export type { ResponseCompleted, ResponseCompletedInput } from './schema/response-completed.js';
export { toolCallSchema } from './schema/tool-call.js';
export type { ToolCall, ToolCallInput } from './schema/tool-call.js';
export { feedbackSubmittedSchema } from './schema/feedback-submitted.js';
export type { FeedbackSubmitted, FeedbackSubmittedInput } from './schema/feedback-submitted.js';
export { EXTERNAL_SOURCE_PATTERN, externalOutcomeRecordedSchema } from './schema/external-outcome-recorded.js';
export type { ExternalOutcomeRecorded, ExternalOutcomeRecordedInput } from './schema/external-outcome-recorded.js';
export { EVENT_SCHEMAS, eventSchema } from './schema/event.js';
export type { EventInput, NormalizedEvent } from './schema/event.js';
export { contentHashOf } from './schema/content-hash.js';

export { parseEvent } from './validation/parse-event.js';
export { validateEvent } from './validation/validate-event.js';
export { REJECTION_REASON_KINDS, rejectionReasonKind } from './validation/rejection-reason.js';
export type { RejectionReason, RejectionReasonKind } from './validation/rejection-reason.js';
export type { EventAcceptance, EventParseResult, EventRejection } from './validation/event-parse-result.js';

export { REDACTED, redactSecrets } from './redaction/redact-secrets.js';
export { redactPayload } from './redaction/redact-payload.js';
export { EMAIL_MASK, PHONE_MASK, redactPersonalData } from './redaction/redact-personal-data.js';
export { PLANTED_SECRETS, plantedSecretsText } from './redaction/planted-secrets.js';
export type { PlantedSecret } from './redaction/planted-secrets.js';
export { truncateChars } from './text/truncate.js';

export { QUERY_CATEGORIES, QUERY_CATEGORY_RULES, classifyQuery } from './rules/classify-query.js';
export type { QueryCategory, QueryCategoryRule } from './rules/classify-query.js';
export { REASK_PHRASES, isReask, normalizeForReask } from './rules/reask-phrases.js';
export { REASON_CODES, reasonCodeOf } from './rules/reason-code.js';
export type { ReasonCode } from './rules/reason-code.js';

export { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS, messageKeyOf } from './transport.js';
export { buildJsonSchemas, formatJsonSchema } from './json-schema.js';
export { contractDocSections, fieldRows, fieldTable, markedSectionNames, replaceMarkedSections } from './docs/index.js';
export type { FieldRow, RefResolver } from './docs/index.js';
export { makeExternalOutcome, makeFeedback, makeResponseCompleted, makeToolCall } from './fixtures.js';
