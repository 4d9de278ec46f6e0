import { describe, expect, it } from "vitest";
import { createWarehouse } from "../client";
import { currentFeedbackSql } from "./current-feedback";
import { feedbackActionsSql } from "./feedback-actions";
import { currentResponsesSql } from "./current-responses";
import { reducedToolCallsSql } from "./reduced-tool-calls";
import { matchingResponseIdsSql } from "../queries/matching-responses";
import { sqlSubquery } from "./sql-fragments";

// Builds SQL only: the client connects on its first query, which these tests never make.
const w = createWarehouse({ url: "http://127.0.0.1:1", database: "db" });
const flat = (sql: string) => sql.replace(/\s+/g, " ");
const rangeIds = sqlSubquery("SELECT response_id FROM db.responses WHERE tenant_id = 't'");

describe("reads of a tenant's rows narrowed to ids", () => {
  it("read one response's versions with its id as a PREWHERE", () => {
    expect(flat(currentResponsesSql(w, { tenantId: "t", responseIds: ["r1"] }))).toContain(
      "FROM db.responses PREWHERE response_id IN ('r1') WHERE tenant_id = 't' ORDER BY",
    );
  });

  it("keep ids from a subquery that may return many, and time ranges, in the WHERE", () => {
    const sql = flat(currentResponsesSql(w, { tenantId: "t", responseIds: rangeIds, fromMs: 1000 }));
    expect(sql).not.toContain("PREWHERE");
    expect(sql).toContain(
      "WHERE tenant_id = 't' AND response_id IN (SELECT response_id FROM db.responses WHERE tenant_id = 't') AND occurred_at >=",
    );
    expect(flat(reducedToolCallsSql(w, { tenantId: "t", fromMs: 0, toMs: 1000 }))).not.toContain("PREWHERE");
  });

  it("read the tool calls of a few responses through the index, as a PREWHERE, and a range of them in the WHERE", () => {
    const sql = flat(reducedToolCallsSql(w, { tenantId: "t", responseIds: ["r1"], fromMs: 1000 }));
    expect(sql).toContain(
      "FROM db.tool_call_events PREWHERE tool_call_id IN (SELECT tool_call_id FROM db.tool_calls_by_response WHERE tenant_id = 't' AND response_id IN ('r1')) WHERE tenant_id = 't' AND occurred_at >=",
    );
  });

  it("read the actions and the responses of a few rated targets with PREWHEREs, and of many without", () => {
    const few = flat(currentFeedbackSql(w, { tenantId: "t", targetIds: ["r1"] }));
    expect(few).toContain(
      "FROM db.feedback_events PREWHERE (user_id, client_feedback_id) IN (SELECT user_id, client_feedback_id FROM db.feedback_events WHERE tenant_id = 't' AND target_id IN ('r1')) WHERE tenant_id = 't'",
    );
    // The targets verify against the responses with their ids, read directly.
    expect(few).toContain("FROM db.responses PREWHERE response_id IN ('r1') WHERE tenant_id = 't'");
    expect(flat(currentFeedbackSql(w, { tenantId: "t", targetIds: rangeIds }))).not.toContain("PREWHERE");
  });

  it("run the narrowings that a many-id subquery leads to once per query, and a few ids' where the key skips granules", () => {
    const many = sqlSubquery("SELECT response_id FROM db.responses WHERE tenant_id = 't'", { many: true });
    expect(flat(currentFeedbackSql(w, { tenantId: "t", targetIds: many }))).toContain(
      "(user_id, client_feedback_id) GLOBAL IN (SELECT user_id, client_feedback_id FROM db.feedback_events WHERE tenant_id = 't' AND target_id GLOBAL IN (SELECT response_id",
    );
    expect(flat(reducedToolCallsSql(w, { tenantId: "t", responseIds: many }))).toContain(
      "tool_call_id GLOBAL IN (SELECT tool_call_id FROM db.tool_calls_by_response",
    );
    expect(flat(currentResponsesSql(w, { tenantId: "t", sessionIds: many }))).toContain(
      "response_id GLOBAL IN (SELECT response_id FROM db.responses_by_session",
    );
    // A range's calls, from the time-keyed firsts.
    expect(flat(reducedToolCallsSql(w, { tenantId: "t", fromMs: 0, toMs: 1000 }))).toContain(
      "tool_call_id GLOBAL IN (SELECT tool_call_id FROM db.tool_call_firsts",
    );
    expect(flat(reducedToolCallsSql(w, { tenantId: "t", responseIds: ["r1"] }))).not.toContain("GLOBAL");
    expect(flat(currentFeedbackSql(w, { tenantId: "t", targetIds: rangeIds }))).not.toContain("GLOBAL");
    // Unnarrowed, verification reads the responses rated since the range's start: most of them.
    expect(flat(currentFeedbackSql(w, { tenantId: "t", verifiedSinceMs: 1000 }))).toContain(
      "response_id GLOBAL IN (SELECT target_id FROM db.feedback_events",
    );
    // The routes' ids of a range's matching responses are many.
    expect(
      flat(
        reducedToolCallsSql(w, {
          tenantId: "t",
          responseIds: matchingResponseIdsSql(w, { tenantId: "t", from: 0, to: 1000 }),
        }),
      ),
    ).toContain(
      "response_id GLOBAL IN (SELECT response_id FROM (SELECT *, if(tool_count > 0, 'yes', 'no') AS tool_used",
    );
  });

  it("read a whole tenant's lone feedback ids without deduplicating or grouping them, and only its repeated ids through the rule", () => {
    const sql = flat(feedbackActionsSql(w, { tenantId: "t" }));
    const repeated =
      "(SELECT user_id, client_feedback_id FROM db.feedback_events WHERE tenant_id = 't' GROUP BY user_id, client_feedback_id HAVING count() > 1)";
    expect(sql).toContain(
      `FROM db.feedback_events WHERE tenant_id = 't' AND (user_id, client_feedback_id) GLOBAL NOT IN ${repeated} UNION ALL`,
    );
    expect(sql).toContain(
      `FROM db.feedback_events WHERE tenant_id = 't' AND (user_id, client_feedback_id) GLOBAL IN ${repeated} ORDER BY event_id, ingested_at_ms LIMIT 1 BY event_id`,
    );
    // Narrowed to targets, one pass: the split would build the targets' set three times.
    expect(flat(feedbackActionsSql(w, { tenantId: "t", targetIds: ["r1"] }))).not.toContain("UNION ALL");
  });
});
