import { describe, expect, it } from "vitest";
import { parseImportConfig, UsageError } from "./import-config";

const argv = (line: string) => line.split(" ");

describe("parseImportConfig", () => {
  it("reads the command, options and defaults", () => {
    expect(
      parseImportConfig(
        argv(
          "import vikingbot sessions --tenant acme --collector http://127.0.0.1:4318 --key k1 --timezone Asia/Shanghai",
        ),
        { INIT_CWD: "/home/bot" },
      ),
    ).toEqual({
      directory: "/home/bot/sessions",
      tenantId: "acme",
      target: { kind: "collector", url: "http://127.0.0.1:4318", ingestKey: "k1" },
      timeZone: "Asia/Shanghai",
      model: "unknown",
      provider: "unknown",
      watch: false,
      intervalMs: 1000,
      statePath: "/home/bot/sessions/.answerscope-import-state.json",
    });
  });

  it("takes the target from the environment, and --no-state", () => {
    const config = parseImportConfig(
      argv("import vikingbot s --tenant acme --watch --interval 200 --no-state --model m --provider p"),
      { KAFKA_BROKERS: "h:9092" },
    );
    expect(config).toMatchObject({
      target: { kind: "kafka", brokers: ["h:9092"] },
      watch: true,
      intervalMs: 200,
      statePath: null,
      model: "m",
      provider: "p",
    });
    expect(
      parseImportConfig(argv("import vikingbot s --tenant acme"), {
        COLLECTOR_URL: "http://c",
        ANSWERSCOPE_INGEST_KEY: "k",
      })?.target,
    ).toEqual({ kind: "collector", url: "http://c", ingestKey: "k" });
  });

  it("refuses what cannot work", () => {
    expect(() => parseImportConfig(argv("import vikingbot s --collector http://c --key k"), {})).toThrow(/tenant/);
    expect(() => parseImportConfig(argv("import vikingbot s --tenant a --collector http://c"), {})).toThrow(
      /ingest key/,
    );
    expect(() =>
      parseImportConfig(argv("import vikingbot s --tenant a --kafka h:1 --timezone Nowhere/City"), {}),
    ).toThrow(/IANA/);
    expect(() => parseImportConfig(argv("import langfuse s --tenant a"), {})).toThrow(UsageError);
    // The root script `npm run import --` already says "import".
    expect(
      parseImportConfig(argv("vikingbot s --tenant a --kafka h:1 --state st.json"), { INIT_CWD: "/w" }),
    ).toMatchObject({ directory: "/w/s", statePath: "/w/st.json" });
    expect(() => parseImportConfig(argv("import vikingbot --tenant a --kafka h:1"), {})).toThrow(/directory/);
    expect(parseImportConfig(["--help"], {})).toBeNull();
  });
});
