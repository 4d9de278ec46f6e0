export * from "./config";
export * from "./server";
export * from "./openapi/document";
export { QUERY_ROUTES } from "./routes/index";
