// Label freshness: how far the outcome evaluator has got per tenant, and what that means for label-based figures.
export * from "./stored-error";
export * from "./evaluator-runs";
export * from "./freshness-schema";
export * from "./label-freshness";
export * from "./label-coverage";
export * from "./label-figures";
