import { createServer, type Server } from "node:http";
import { z } from "zod";

/** One alert as Alertmanager's webhook (payload version 4) delivers it. */
export const WebhookAlertSchema = z.object({
  status: z.enum(["firing", "resolved"]),
  labels: z.record(z.string(), z.string()),
  annotations: z.record(z.string(), z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  generatorURL: z.string().optional(),
  fingerprint: z.string().optional(),
});
export type WebhookAlert = z.output<typeof WebhookAlertSchema>;

export const WebhookPayloadSchema = z.object({
  version: z.string(),
  status: z.enum(["firing", "resolved"]),
  receiver: z.string(),
  groupLabels: z.record(z.string(), z.string()),
  commonLabels: z.record(z.string(), z.string()),
  alerts: z.array(WebhookAlertSchema),
});
export type WebhookPayload = z.output<typeof WebhookPayloadSchema>;

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A minimal Alertmanager webhook receiver: accepts POSTed notifications, hands each parsed
 * payload to `onPayload` and answers 200 (400 for something that is not a notification).
 */
export function createWebhookReceiver(onPayload: (payload: WebhookPayload) => void): Server {
  return createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      let payload: WebhookPayload;
      try {
        payload = WebhookPayloadSchema.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch (error) {
        res
          .writeHead(400, { "content-type": "text/plain" })
          .end(error instanceof Error ? error.message : "bad payload");
        return;
      }
      onPayload(payload);
      res.writeHead(200).end();
    });
  });
}
