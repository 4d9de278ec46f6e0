export * from "./evaluator-service";
