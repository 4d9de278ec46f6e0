// Public API of @answerscope/contracts: the event contract (docs/events.md) as zod schemas, the
// validation entry points the collector and ingest workers call, and the rules tables the
// pipeline and the warehouse share.

export { EVENT_TYPES, FINISH_REASONS, RATINGS, TARGET_TYPES, TOOL_STATUSES, UNKNOWN, isEventType } from "./vocabulary";
export type { EventType, FinishReason, Rating, TargetType, ToolStatus } from "./vocabulary";
export { MAX_EVENT_BYTES, MAX_LIST_ENTRIES, STORED_TEXT_MAX_BYTES, TEXT_LIMITS } from "./limits";

export { SCHEMA_VERSION, TENANT_ID_PATTERN } from "./schema/envelope";
export { responseCompletedSchema } from "./schema/response-completed";
export type { ResponseCompleted, ResponseCompletedInput } from "./schema/response-completed";
export { toolCallSchema } from "./schema/tool-call";
export type { ToolCall, ToolCallInput } from "./schema/tool-call";
export { feedbackSubmittedSchema } from "./schema/feedback-submitted";
export type { FeedbackSubmitted, FeedbackSubmittedInput } from "./schema/feedback-submitted";
export { EXTERNAL_SOURCE_PATTERN, externalOutcomeRecordedSchema } from "./schema/external-outcome-recorded";
export type { ExternalOutcomeRecorded, ExternalOutcomeRecordedInput } from "./schema/external-outcome-recorded";
export { EVENT_SCHEMAS, eventSchema } from "./schema/event";
export type { EventInput, NormalizedEvent } from "./schema/event";
export { contentHashOf } from "./schema/content-hash";

export { parseEvent } from "./validation/parse-event";
export { validateEvent } from "./validation/validate-event";
export { REJECTION_REASON_KINDS, rejectionReasonKind } from "./validation/rejection-reason";
export type { RejectionReason, RejectionReasonKind } from "./validation/rejection-reason";
export type { EventAcceptance, EventParseResult, EventRejection } from "./validation/event-parse-result";

export { REDACTED, redactSecrets } from "./redaction/redact-secrets";
export { redactPayload } from "./redaction/redact-payload";
export { EMAIL_MASK, PHONE_MASK, redactPersonalData } from "./redaction/redact-personal-data";
export { PLANTED_SECRETS, plantedSecretsText } from "./redaction/planted-secrets";
export type { PlantedSecret } from "./redaction/planted-secrets";
export { truncateChars } from "./text/truncate";
export { truncateUtf8Bytes } from "./text/truncate-bytes";

export { QUERY_CATEGORIES, QUERY_CATEGORY_RULES, classifyQuery } from "./rules/classify-query";
export type { QueryCategory, QueryCategoryRule } from "./rules/classify-query";
export { REASK_PHRASES, isReask, normalizeForReask } from "./rules/reask-phrases";
export { REASON_CODES, reasonCodeOf } from "./rules/reason-code";
export type { ReasonCode } from "./rules/reason-code";

export { DEFAULT_DLQ_TOPIC, DEFAULT_TOPICS, messageKeyOf } from "./transport";
export { buildJsonSchemas, formatJsonSchema } from "./json-schema";
export { contractDocSections, fieldRows, fieldTable, markedSectionNames, replaceMarkedSections } from "./docs/index";
export type { FieldRow, RefResolver } from "./docs/index";
export { makeExternalOutcome, makeFeedback, makeResponseCompleted, makeToolCall } from "./fixtures";
