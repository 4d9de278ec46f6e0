export * from "./config";
export * from "./service";
export * from "./pipeline/pipeline";
export * from "./kafka/messages";
export * from "./kafka/client";
export * from "./auth/keys";
export * from "./http/server";
export * from "./http/respond";
