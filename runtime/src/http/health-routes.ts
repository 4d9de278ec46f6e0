import { sendJson } from "./respond";
import type { Route } from "./service-server";

/** What /metrics serves: a prom-client Registry fits, and so does the exporter's last computed figures. */
export interface Exposition {
  render(): Promise<string>;
  contentType: string;
}

/** The exposition of a prom-client Registry (its `metrics()` is the text of a scrape). */
export const registryExposition = (registry: { metrics(): Promise<string>; contentType: string }): Exposition => ({
  render: () => registry.metrics(),
  contentType: registry.contentType,
});

/**
 * /healthz (the process answers), /readyz (what it depends on answers: 503 until then, so an
 * orchestrator sends no traffic) and /metrics, the same on every service.
 */
export function healthRoutes(options: { metrics: Exposition; isReady: () => boolean | Promise<boolean> }): Route[] {
  return [
    { method: "GET", path: "/healthz", handler: async (_req, res) => sendJson(res, 200, { status: "ok" }) },
    {
      method: "GET",
      path: "/readyz",
      handler: async (_req, res) => {
        const ready = await Promise.resolve()
          .then(options.isReady)
          .catch(() => false);
        sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "not_ready" });
      },
    },
    {
      method: "GET",
      path: "/metrics",
      handler: async (_req, res) => {
        const text = await options.metrics.render();
        res.writeHead(200, { "content-type": options.metrics.contentType });
        res.end(text);
      },
    },
  ];
}
