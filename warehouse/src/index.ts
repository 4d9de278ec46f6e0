export * from "./client";
export * from "./sql/escape";
export * from "./sql/ddl";
export * from "./migrate/migrations";
export * from "./migrate/runner";
export * from "./sink/rows";
export * from "./sink/fact-tables";
export * from "./sink/write-facts";
