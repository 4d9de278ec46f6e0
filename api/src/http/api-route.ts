import type { Warehouse } from "@answerscope/warehouse";
import type { z } from "zod";

/** What a route's `run` gets besides its parameters: the reader's tenant (from the key) and the warehouse. */
export interface RouteContext {
  warehouse: Warehouse;
  tenantId: string;
  traceUrlTemplate?: string;
}

/**
 * One GET route of the query API, described once: the server validates with these schemas and the
 * OpenAPI document is generated from the same ones.
 */
export interface ApiRoute<
  Q extends z.ZodObject = z.ZodObject,
  P extends z.ZodObject = z.ZodObject,
  R extends z.ZodType = z.ZodType,
> {
  operationId: string;
  /** Path template; `{name}` segments are path parameters. */
  path: string;
  summary: string;
  description?: string;
  /** Query-string parameters; anything else is 400. */
  query: Q;
  /** Path parameters, when the path has `{name}` segments. */
  pathParameters?: P;
  /** The 200 body, and its name in the document's components. */
  response: R;
  responseName: string;
  /** Present when the route answers 404 for an object the tenant does not have (`run` returns null). */
  notFound?: string;
  run(context: RouteContext, query: z.output<Q>, path: z.output<P>): Promise<z.input<R> | null>;
}

/** Keeps each route's types precise where it is written, and lets the server hold them in one list. */
export function defineRoute<Q extends z.ZodObject, P extends z.ZodObject, R extends z.ZodType>(
  route: ApiRoute<Q, P, R>,
): ApiRoute {
  return route;
}
