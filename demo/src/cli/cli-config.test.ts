import { describe, expect, it } from "vitest";
import { parseCliConfig, UsageError } from "./cli-config";

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseCliConfig(argv, env);
const usageErrorOf = (argv: string[], env: NodeJS.ProcessEnv = {}): string => {
  try {
    parse(argv, env);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error("expected a usage error");
};

describe("parseCliConfig", () => {
  it("reads a Kafka backfill with defaults", () => {
    expect(parse(["--kafka", "127.0.0.1:9092"])).toStrictEqual({
      events: 20_000,
      seed: 42,
      malformedShare: 0.01,
      vikingbotShare: 0.3,
      tenants: ["demo", "acme"],
      time: { mode: "backfill", windowMs: 24 * 3_600_000 },
      batchSize: 1000,
      target: { kind: "kafka", brokers: ["127.0.0.1:9092"], topics: {} },
    });
  });

  it("reads a live run to the collector with one key per tenant", () => {
    const config = parse([
      "--events",
      "500",
      "--rate",
      "50",
      "--seed",
      "7",
      "--malformed",
      "0",
      "--collector",
      "http://127.0.0.1:4318",
      "--key",
      "demo=k1",
      "--key",
      "acme=k=2",
    ]);
    expect(config).toMatchObject({
      events: 500,
      seed: 7,
      malformedShare: 0,
      tenants: ["demo", "acme"],
      time: { mode: "live", eventsPerSecond: 50 },
    });
    expect(config?.target).toEqual({
      kind: "collector",
      url: "http://127.0.0.1:4318",
      keys: new Map([
        ["demo", "k1"],
        ["acme", "k=2"],
      ]),
    });
  });

  it("falls back to the environment when no flag names a destination", () => {
    expect(
      parse(["--window-hours", "6"], { KAFKA_BROKERS: "a:9092, b:9092", TOPIC_TOOL_CALL: "x.tool_call" }),
    ).toMatchObject({
      time: { mode: "backfill", windowMs: 6 * 3_600_000 },
      target: { kind: "kafka", brokers: ["a:9092", "b:9092"], topics: { tool_call: "x.tool_call" } },
    });
    expect(parse([], { COLLECTOR_URL: "http://c:4318", ANSWERSCOPE_DEMO_KEYS: "demo=k1,acme=k2" })?.target).toEqual({
      kind: "collector",
      url: "http://c:4318",
      keys: new Map([
        ["demo", "k1"],
        ["acme", "k2"],
      ]),
    });
    // A flag wins over the environment instead of combining with it.
    expect(parse(["--kafka", "k:9092"], { COLLECTOR_URL: "http://c:4318" })?.target.kind).toBe("kafka");
  });

  it("returns null for --help", () => {
    expect(parse(["--help"])).toBeNull();
    expect(parse(["-h"])).toBeNull();
  });

  it.each([
    [["--kafka", "b:9092", "--rate", "10", "--window-hours", "2"], /exclude each other/],
    [["--kafka", "b:9092", "--collector", "http://c:4318", "--key", "demo=k"], /choose one/],
    [[], /say where to send/],
    [["--collector", "http://c:4318"], /at least one --key/],
    [["--collector", "http://c:4318", "--key", "demo=k", "--key", "demo=j"], /one --key per tenant/],
    [["--collector", "http://c:4318", "--key", "nokey"], /TENANT=KEY/],
    [["--collector", "ftp://c", "--key", "demo=k"], /--collector/],
    [["--kafka", "b:9092", "--events", "many"], /--events/],
    [["--kafka", "b:9092", "--malformed", "1.5"], /--malformed/],
    [["--kafka", "b:9092", "--vikingbot", "1.5"], /--vikingbot/],
    [["--kafka", "nohost"], /HOST:PORT/],
    [["--kafka", "b:9092", "--tenants", "acme corp"], /tenant id/],
    [["--kafka", "b:9092", "--bogus"], /Unknown option/],
  ])("rejects %j", (argv, message) => {
    expect(usageErrorOf(argv)).toMatch(message);
  });

  it("never repeats a key in an error", () => {
    expect(usageErrorOf(["--collector", "http://c:4318", "--key", "bad tenant=secret-key-123"])).not.toContain(
      "secret-key-123",
    );
  });
});
