import type { EventInput } from "@answerscope/contracts";

/** What the command line fixes for every event of an import. */
export type MappingContext = {
  readonly tenantId: string;
  /** IANA zone of the bot host, to read vikingbot's zone-less times. */
  readonly timeZone: string;
  /** vikingbot records neither; `unknown` unless given. */
  readonly model: string;
  readonly provider: string;
};

/** One event ready to send, with its time as epoch ms. */
export type MappedEvent = { readonly event: EventInput; readonly occurredAtMs: number };

/** A record that could not become an event, reported with its line. */
export type MappingProblem = { readonly line: number; readonly message: string };
