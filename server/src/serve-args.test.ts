import { describe, expect, it } from "vitest";
import { roleEnv } from "./roles";
import { UsageError } from "./command-line";
import { parseServeArgs } from "./serve-args";

describe("parseServeArgs", () => {
  it("runs every role without --roles, in start order", () => {
    expect(parseServeArgs([])).toEqual(["collector", "evaluator", "api", "exporter", "langfuse"]);
  });

  it("runs the roles asked for, in start order whatever order they were named in", () => {
    expect(parseServeArgs(["--roles", "exporter, api"])).toEqual(["api", "exporter"]);
    expect(parseServeArgs(["--roles=api,collector"])).toEqual(["collector", "api"]);
    // The judge is optional: only when named.
    expect(parseServeArgs(["--roles", "judge,api"])).toEqual(["api", "judge"]);
  });

  it("refuses an unknown role or an empty list, naming the roles", () => {
    expect(() => parseServeArgs(["--roles", "api,worker"])).toThrow(
      new UsageError('unknown role "worker"; the roles are collector, evaluator, api, exporter, langfuse, judge'),
    );
    expect(() => parseServeArgs(["--roles", ","])).toThrow(UsageError);
    expect(() => parseServeArgs(["--port", "1"])).toThrow(UsageError);
  });

  it("answers null for --help", () => {
    expect(parseServeArgs(["-h"])).toBeNull();
  });
});

describe("roleEnv", () => {
  const env = { HOST: "0.0.0.0", PORT: "9999", API_PORT: "5320" };

  it("gives the collector and the API each their own port variable, with their own processes' defaults", () => {
    expect(roleEnv("collector", env)).toMatchObject({ PORT: "4318", HOST: "0.0.0.0" });
    expect(roleEnv("api", env)).toMatchObject({ PORT: "5320", HOST: "0.0.0.0" });
    expect(roleEnv("collector", { COLLECTOR_PORT: "0" }).PORT).toBe("0");
  });

  it("leaves the roles with their own port variable as they are", () => {
    expect(roleEnv("exporter", env)).toBe(env);
    expect(roleEnv("evaluator", env)).toBe(env);
  });
});
