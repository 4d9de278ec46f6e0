import { createLogger, listen, parseEnv, portSetting, startOrExit } from "@answerscope/runtime";
import type { Server } from "node:http";
import { z } from "zod";
import { createWebhookReceiver } from "./webhook-receiver";

const WebhookEnvSchema = z.object({
  WEBHOOK_PORT: portSetting(9095),
  WEBHOOK_HOST: z.string().default("127.0.0.1"),
});

// Logs every alert notification Alertmanager sends (the example receiver of alerts/config/alertmanager.yml):
// one JSON line per alert with its status, labels and dashboard link. Replace it with a pager or chat integration.
const logger = createLogger("alert-log");
const stopped = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
await startOrExit("alert-log", async () => {
  const config = parseEnv(WebhookEnvSchema, process.env, "alert log");
  const server = createWebhookReceiver((payload) => {
    for (const alert of payload.alerts)
      logger.info(
        {
          status: alert.status,
          labels: alert.labels,
          summary: alert.annotations.summary,
          dashboard_url: alert.annotations.dashboard_url,
        },
        "alert",
      );
  });
  logger.info(
    `answerscope alert log listening on port ${await listen(server, config.WEBHOOK_PORT, config.WEBHOOK_HOST)}`,
  );
  return { stop: () => stopped(server) };
});
