import { plantedSecretsText } from "@answerscope/contracts";
import { insertRows, queryRejected, queryRows, rejectedRow, sqlValue, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leakedShapes } from "../src/secret-leaks";
import { createTestWarehouse, dropTestWarehouse } from "../src/warehouse";

// The Rejected listing redacts again on read (warehouse/src/queries/query-rejected.ts): a row of
// rejected_events stored before the sink redacted every row still holds its secrets, and the
// listing must not show them. Every row written now is redacted (secret-redaction.test.ts), so
// only a row stored as an older version stored it, written here past rejectedRow's redaction,
// shows whether the read pass works.

const SECRETS = plantedSecretsText();
const TENANT = "read-redaction";

describe("the Rejected listing of a row stored unredacted", () => {
  let warehouse: Warehouse;
  const receivedAtMs = Date.now() - 60_000;

  beforeAll(async () => {
    ({ warehouse } = await createTestWarehouse("as_rejected_read"));
    const payload = JSON.stringify({ event_type: "response_completed", tenant_id: TENANT, note: SECRETS });
    const row = rejectedRow({
      dedupKey: "http:older-row",
      receivedAtMs,
      source: "http",
      reason: "invalid_field:note",
      message: "",
      eventId: "older-row",
      tenantId: TENANT,
      eventType: "response_completed",
      payload: "",
      payloadBytes: Buffer.byteLength(payload),
    });
    await insertRows(warehouse, "rejected_events", [{ ...row, message: `note is not allowed: ${SECRETS}`, payload }]);
  });
  afterAll(() => dropTestWarehouse(warehouse));

  it("holds the secrets in the table: the row is as an older version stored it", async () => {
    const [stored] = await queryRows<{ payload: string; message: string }>(
      warehouse,
      `SELECT payload, message FROM ${warehouse.table("rejected_events")} WHERE tenant_id = ${sqlValue(TENANT)}`,
    );
    expect(leakedShapes(stored!.payload)).not.toEqual([]);
    expect(leakedShapes(stored!.message)).not.toEqual([]);
  });

  it("lists the row with no planted secret in its payload or message", async () => {
    const rejected = await queryRejected(warehouse, {
      tenantId: TENANT,
      from: new Date(receivedAtMs - 3_600_000).toISOString(),
      to: new Date(receivedAtMs + 3_600_000).toISOString(),
    });
    expect(rejected.events.map((event) => event.event_id)).toEqual(["older-row"]);
    const [event] = rejected.events;
    expect(leakedShapes(event!.payload)).toEqual([]);
    expect(leakedShapes(event!.message)).toEqual([]);
    expect(event!.message.startsWith("note is not allowed: ")).toBe(true);
  });
});
