import {
  makeFeedback,
  makeResponseCompleted,
  makeToolCall,
  messageKeyOf,
  parseEvent,
  rejectionReasonKind,
  type EventInput,
} from "@answerscope/contracts";
import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../random/seeded-random";
import { corruptEvent, MALFORMED_DEFECTS, REJECTION_KIND_OF_DEFECT, type MalformedDefect } from "./corrupt-event";

const EVENTS: readonly EventInput[] = [
  makeResponseCompleted(),
  makeToolCall(),
  makeToolCall({ status: "started", arguments: { q: 1 } }),
  makeFeedback(),
];

describe("corruptEvent", () => {
  it("makes every event kind malformed in every applicable way, each rejected by the contract for its reason", () => {
    const random = new SeededRandom(1);
    const seen = new Set<MalformedDefect>();
    for (let i = 0; i < 400; i++) {
      const event = EVENTS[i % EVENTS.length] as EventInput;
      const { defect, value } = corruptEvent(event, random);
      seen.add(defect);
      const result = parseEvent(value);
      expect(result.ok, `${defect}: ${value}`).toBe(false);
      if (!result.ok) expect(rejectionReasonKind(result.reason)).toBe(REJECTION_KIND_OF_DEFECT[defect]);
      if (defect === "unsupported_status") {
        expect(event.event_type).toBe("tool_call");
        expect(result).toMatchObject({ reason: "invalid_field:status" });
      }
    }
    expect([...seen].sort()).toEqual([...MALFORMED_DEFECTS].sort());
  });

  it("keys the message by the transport rule on what is sent", () => {
    const random = new SeededRandom(2);
    for (let i = 0; i < 200; i++) {
      const event = EVENTS[i % EVENTS.length] as EventInput;
      const { defect, value, key } = corruptEvent(event, random);
      expect(key).toBe(defect === "invalid_json" ? messageKeyOf(event) : messageKeyOf(JSON.parse(value) as EventInput));
    }
  });

  it("gives the copy its own event id", () => {
    const random = new SeededRandom(3);
    for (let i = 0; i < 20; i++) {
      const { defect, value } = corruptEvent(makeFeedback({ event_id: "evt_9" }), random);
      if (defect !== "invalid_json") expect(JSON.parse(value)).toMatchObject({ event_id: "evt_9_malformed" });
    }
  });
});
