import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT, repositorySourceFiles } from "./repository-files";
import { isStaleSocketError, retryOnStaleSocket } from "./stale-socket";

const errorWithCode = (code: string) =>
  Object.assign(new Error(code === "ECONNRESET" ? "socket hang up" : code), { code });

describe("isStaleSocketError", () => {
  it("is true for a reset or broken pipe, false for a refused connection, a timeout or a ClickHouse error", () => {
    expect(isStaleSocketError(errorWithCode("ECONNRESET"))).toBe(true);
    expect(isStaleSocketError(errorWithCode("EPIPE"))).toBe(true);
    expect(isStaleSocketError(errorWithCode("ECONNREFUSED"))).toBe(false);
    expect(isStaleSocketError(errorWithCode("ETIMEDOUT"))).toBe(false);
    expect(isStaleSocketError(Object.assign(new Error("Code: 60. Table does not exist"), { code: "60" }))).toBe(false);
    expect(isStaleSocketError({ code: "ECONNRESET" })).toBe(false);
  });
});

describe("retryOnStaleSocket", () => {
  const failing = (errors: Error[]) => {
    let calls = 0;
    const read = async () => {
      const error = errors[calls++];
      if (error) throw error;
      return "rows";
    };
    return { read, calls: () => calls };
  };

  it("sends a read once more after a stale socket", async () => {
    const read = failing([errorWithCode("ECONNRESET")]);
    await expect(retryOnStaleSocket(read.read)).resolves.toBe("rows");
    expect(read.calls()).toBe(2);
  });

  it("gives up after the second attempt", async () => {
    const read = failing([errorWithCode("ECONNRESET"), errorWithCode("EPIPE")]);
    await expect(retryOnStaleSocket(read.read)).rejects.toThrow("EPIPE");
    expect(read.calls()).toBe(2);
  });

  it("does not retry any other failure", async () => {
    const read = failing([errorWithCode("ECONNREFUSED")]);
    await expect(retryOnStaleSocket(read.read)).rejects.toThrow("ECONNREFUSED");
    expect(read.calls()).toBe(1);
  });
});

describe("the product's reads", () => {
  it("all run through queryRows: no source but client.ts (tests aside) calls the client's query itself", () => {
    const product = repositorySourceFiles().filter((file) => !/\.test\.tsx?$/.test(file) && !file.startsWith("test/"));
    expect(product).toContain("warehouse/src/client.ts");
    const direct = product.filter((file) =>
      /\.client\.query\(/.test(readFileSync(join(REPOSITORY_ROOT, file), "utf8")),
    );
    expect(direct).toEqual(["warehouse/src/client.ts"]);
  });
});
