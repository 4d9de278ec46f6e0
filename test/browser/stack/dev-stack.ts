/**
 * The browser suite's stack for a developer at a terminal: the same data and processes the tests
 * use, kept running until Ctrl-C, with the URLs and read keys printed.
 *
 *   node --import tsx test/browser/stack/dev-stack.ts
 */
import { startStack } from "./start-stack";

const stack = await startStack();
console.log(
  JSON.stringify(
    { dashboard: stack.dashboardUrl, api: stack.apiUrl, readKeys: stack.readKeys, database: stack.database },
    null,
    2,
  ),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stack.stop().then(() => process.exit(0));
  });
}
