import { afterEach, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import { listen } from "@answerscope/runtime";
import { createWebhookReceiver, type WebhookPayload } from "./webhook-receiver";

describe("webhook receiver", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("parses Alertmanager notifications and refuses anything else", async () => {
    const received: WebhookPayload[] = [];
    server = createWebhookReceiver((payload) => received.push(payload));
    const url = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}/alerts`;
    const notification = {
      version: "4",
      status: "firing",
      receiver: "webhook",
      groupLabels: { tenant: "acme", alertname: "AnswerscopeThumbsDownSpike" },
      commonLabels: { tenant: "acme" },
      commonAnnotations: {},
      externalURL: "http://alertmanager",
      groupKey: "{}:{}",
      truncatedAlerts: 0,
      alerts: [
        {
          status: "firing",
          labels: { alertname: "AnswerscopeThumbsDownSpike" },
          annotations: { dashboard_url: "http://dash/feedback" },
          startsAt: "2026-12-01T10:00:00Z",
          endsAt: "0001-01-01T00:00:00Z",
        },
      ],
    };
    expect((await fetch(url, { method: "POST", body: JSON.stringify(notification) })).status).toBe(200);
    expect(received[0]?.alerts[0]?.annotations.dashboard_url).toBe("http://dash/feedback");
    expect((await fetch(url, { method: "POST", body: "{not json" })).status).toBe(400);
    expect((await fetch(url, { method: "POST", body: JSON.stringify({ alerts: "nope" }) })).status).toBe(400);
    expect((await fetch(url)).status).toBe(405);
    expect(received).toHaveLength(1);
  });
});
