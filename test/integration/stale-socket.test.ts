import { createWarehouse, queryRows, type Warehouse } from "@answerscope/warehouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { startClosingProxy, type ClosingProxy } from "../src/closing-proxy";

/** A read on a keep-alive socket the server had closed is sent again, not reported as an outage. */
describe("reads on a closed keep-alive socket", () => {
  let proxy: ClosingProxy;
  let warehouse: Warehouse;

  beforeAll(async () => {
    proxy = await startClosingProxy(inject("clickhouseUrl"));
    warehouse = createWarehouse({ url: proxy.url });
  });
  afterAll(async () => {
    await warehouse.close();
    await proxy.close();
  });

  it("fails a plain client read on the reused socket (the proxy reproduces the failure)", async () => {
    const read = async (n: number) =>
      (await warehouse.client.query({ query: `SELECT ${n} AS n`, format: "JSONEachRow" })).json<{ n: number }>();
    expect(await read(1)).toEqual([{ n: 1 }]);
    const before = proxy.cut();
    await expect(read(2)).rejects.toMatchObject({ code: "ECONNRESET" });
    expect(proxy.cut()).toBe(before + 1);
  });

  it("answers every queryRows read, sending the cut ones again on a new socket", async () => {
    const before = proxy.cut();
    const answers = [];
    for (let n = 1; n <= 5; n++) answers.push(await queryRows<{ n: number }>(warehouse, `SELECT ${n} AS n`));
    expect(answers).toEqual([1, 2, 3, 4, 5].map((n) => [{ n }]));
    // Every read after the first reused the previous one's socket, which the proxy cut.
    expect(proxy.cut() - before).toBe(4);
  });
});
