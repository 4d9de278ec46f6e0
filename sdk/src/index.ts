// @answerscope/sdk: send Answerscope events and feedback from a service (README.md). Runs on any
// runtime with a global fetch and Web Crypto; nothing here imports from Node.
export { AnswerscopeClient, createAnswerscope } from "./client/client.js";
export { CLIENT_DEFAULTS } from "./client/options.js";
export type { AnswerscopeOptions, RetryInfo } from "./client/options.js";
export type { ClientStats } from "./client/stats.js";
export type {
  Enqueued,
  FeedbackEnqueued,
  FeedbackFields,
  ResponseCompletedFields,
  ToolCallFields,
} from "./client/event-fields.js";
export type { RejectedEvent } from "./client/post-batch.js";
export type { RetryPolicy } from "./retry/backoff.js";
export { backoffDelayMs, DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs } from "./retry/backoff.js";
export type * from "./contract/events.generated.js";
