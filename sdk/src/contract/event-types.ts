import type { FeedbackSubmittedEvent, ResponseCompletedEvent, ToolCallEvent } from "./events.generated.js";

/** The event types the client sends, read from the generated contract types. */
export type EventType = (ResponseCompletedEvent | ToolCallEvent | FeedbackSubmittedEvent)["event_type"];
