export * from "./command-line";
export * from "./roles";
export * from "./serve-args";
export * from "./serve";
