export * from "./roles";
export * from "./serve-args";
export * from "./serve";
