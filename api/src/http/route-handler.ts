import {
  ERROR_STATUS,
  errorClass,
  errorFrames,
  HttpError,
  sendJson,
  type Handler,
  type KeyRing,
} from "@answerscope/runtime";
import type { Warehouse } from "@answerscope/warehouse";
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import type { ApiRoute, RouteContext } from "./api-route";
import { authenticateReader } from "./authenticate";
import { invalidRequest, parseParameters, readQueryParameters } from "./query-parameters";

export interface RouteHandlerOptions {
  warehouse: Warehouse;
  keys: KeyRing;
  traceUrlTemplate?: string;
  log: (message: string) => void;
  /** Called once per answered request, for the service's own metrics. */
  observe?: (route: ApiRoute, status: number, seconds: number) => void;
}

/**
 * Runs the route's read. Query functions validate their input before any read, so a ZodError is
 * a bad request; anything else failed while reading the warehouse (unreachable, timed out, or an
 * exception on the server) and is 503: never an empty answer that looks like "no data".
 */
async function readWarehouse(
  route: ApiRoute,
  context: RouteContext,
  query: unknown,
  path: unknown,
  log: (message: string) => void,
): Promise<unknown> {
  try {
    return await route.run(context, query as never, path as never);
  } catch (error) {
    if (error instanceof z.ZodError) throw invalidRequest(error);
    if (error instanceof HttpError) throw error;
    // The error's class and frames only: a warehouse error's message can quote the SQL and its values.
    log(`warehouse read failed on ${route.operationId}: ${errorClass(error)}\n${errorFrames(error) ?? ""}`);
    throw new HttpError("unavailable", "the warehouse cannot be read right now; retry later");
  }
}

/**
 * The order of checks is deliberate: who is asking (401/403) before what is asked (400), so an
 * anonymous caller learns nothing about parameters; then the read (503 on failure, 404 for an
 * object the tenant does not have).
 */
async function answer(
  route: ApiRoute,
  options: RouteHandlerOptions,
  req: IncomingMessage,
  url: URL,
  pathValues: Record<string, string>,
): Promise<unknown> {
  const tenantId = authenticateReader(req, options.keys);
  const raw = readQueryParameters(url, route.query);
  // A tenant_id parameter is a claim, not a choice: the key decides the tenant.
  if (raw.tenant_id !== undefined && raw.tenant_id !== tenantId)
    throw new HttpError("forbidden", "tenant_id is not the read key's tenant");
  const query = parseParameters(route.query, raw);
  const path = route.pathParameters ? parseParameters(route.pathParameters, pathValues) : {};
  const context = { warehouse: options.warehouse, tenantId, traceUrlTemplate: options.traceUrlTemplate };
  const body = await readWarehouse(route, context, query, path, options.log);
  if (body === null) throw new HttpError("not_found", route.notFound ?? "not found");
  return body;
}

/** The server's handler for one query route; errors propagate to the service server, which renders them. */
export function routeHandler(route: ApiRoute, options: RouteHandlerOptions): Handler {
  return async (req, res, url, pathValues) => {
    const started = performance.now();
    let status = 500;
    try {
      const body = await answer(route, options, req, url, pathValues);
      status = 200;
      sendJson(res, 200, body);
    } catch (error) {
      if (error instanceof HttpError) status = ERROR_STATUS[error.code];
      throw error;
    } finally {
      options.observe?.(route, status, (performance.now() - started) / 1000);
    }
  };
}
