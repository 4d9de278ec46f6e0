import { describe, expect, it } from "vitest";
import { loadJudgeConfig, tenantJudgeSettings } from "./config";

const KEY = "sk-config-test-key-1234567890";
const env = (extra: Record<string, string> = {}) => ({
  JUDGE_URL: "https://api.example.com/v1",
  JUDGE_MODEL: "judge-model",
  JUDGE_API_KEY: KEY,
  ...extra,
});

describe("judge configuration", () => {
  it("gives each tenant its own rate and budget over the defaults", () => {
    const config = loadJudgeConfig(
      env({
        JUDGE_SAMPLE_RATE: "0.25",
        JUDGE_DAILY_BUDGET: "50",
        JUDGE_TENANTS: JSON.stringify({ acme: { sample_rate: 1 }, globex: { daily_budget: 0 } }),
      }),
    );
    expect(tenantJudgeSettings(config, "acme")).toEqual({ rate: 1, dailyBudget: 50 });
    expect(tenantJudgeSettings(config, "globex")).toEqual({ rate: 0.25, dailyBudget: 0 });
    expect(tenantJudgeSettings(config, "initech")).toEqual({ rate: 0.25, dailyBudget: 50 });
  });

  it("refuses a rate out of 0..1 or an unknown tenant field by its path, never printing the key", () => {
    const refusal = (extra: Record<string, string>) => {
      try {
        loadJudgeConfig(env(extra));
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refusal({ JUDGE_SAMPLE_RATE: "1.5" })).toMatch(/^invalid judge configuration: JUDGE_SAMPLE_RATE: /);
    expect(refusal({ JUDGE_TENANTS: '{"acme": {"rate": 1}}' })).toMatch(/JUDGE_TENANTS: acme: .*rate/);
    expect(refusal({ JUDGE_TENANTS: "{not json" })).toMatch(/JUDGE_TENANTS: is not readable JSON/);
    expect(refusal({ JUDGE_URL: "ftp://x", JUDGE_TENANTS: "{}" })).not.toContain(KEY);
    expect(JSON.stringify(loadJudgeConfig(env()))).not.toContain(KEY);
  });
});
