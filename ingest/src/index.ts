export * from "./config";
export * from "./service";
export * from "./pipeline/pipeline";
export * from "./kafka/messages";
export * from "./kafka/client";
export * from "./auth/keys";
