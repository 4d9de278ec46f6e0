import { listen } from "@answerscope/runtime";
import { createWebhookReceiver } from "./webhook-receiver";

// Prints every alert notification Alertmanager sends (the example receiver of alerts/config/alertmanager.yml):
// one line per alert with its status, labels and dashboard link. Replace it with a pager or chat integration.
const port = Number(process.env.WEBHOOK_PORT ?? 9095);
const host = process.env.WEBHOOK_HOST ?? "127.0.0.1";
const server = createWebhookReceiver((payload) => {
  for (const alert of payload.alerts) {
    console.log(
      JSON.stringify({
        status: alert.status,
        labels: alert.labels,
        summary: alert.annotations.summary,
        dashboard_url: alert.annotations.dashboard_url,
      }),
    );
  }
});
console.log(`answerscope alert log listening on port ${await listen(server, port, host)}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => server.close(() => process.exit(0)));
