// `answerscope import vikingbot <sessions-dir> --tenant <id>`: progress to stderr, the summary to
// stdout. Exit codes: 0 done, 1 delivery failed, 2 usage error, 130 interrupted (watch: Ctrl-C ends
// it normally with 0 after the summary).
import { formatSummary } from "./cli/format-summary";
import { parseImportConfig, USAGE, UsageError, type ImportConfig } from "./cli/import-config";
import { openTransport } from "./delivery/open-transport";
import { totalSent } from "./run/import-report";
import { importVikingbot, watchVikingbot } from "./run/import-vikingbot";

async function run(config: ImportConfig): Promise<number> {
  const context = {
    tenantId: config.tenantId,
    timeZone: config.timeZone,
    model: config.model,
    provider: config.provider,
  };
  const transport = await openTransport(config.target, config.tenantId).catch((error: unknown) => {
    process.stderr.write(`import: cannot connect: ${error instanceof Error ? error.message : String(error)}\n`);
    return null;
  });
  if (!transport) return 1;
  const common = { directory: config.directory, context, transport, statePath: config.statePath };
  try {
    if (!config.watch) {
      const report = await importVikingbot({
        ...common,
        onFileDone: (done, total, progress) =>
          process.stderr.write(`\rimport: ${done}/${total} files, ${totalSent(progress)} events sent`),
      });
      process.stderr.write("\n");
      process.stdout.write(formatSummary(report, transport.description));
      return report.failure ? 1 : 0;
    }
    const controller = new AbortController();
    const stop = () => controller.abort();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    process.stderr.write(`import: watching ${config.directory} every ${config.intervalMs} ms (Ctrl-C to stop)\n`);
    const report = await watchVikingbot({
      ...common,
      intervalMs: config.intervalMs,
      signal: controller.signal,
      onPass: (pass) => {
        if (totalSent(pass) > 0 || pass.problems.length > 0)
          process.stderr.write(formatSummary(pass, transport.description));
        if (pass.failure)
          process.stderr.write(`import: delivery failed, retrying on the next poll: ${pass.failure.message}\n`);
      },
    });
    process.stdout.write(formatSummary(report, transport.description));
    return 0;
  } finally {
    await transport.close().catch(() => {});
  }
}

async function main(): Promise<number> {
  let config: ImportConfig | null;
  try {
    config = parseImportConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`import: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (config === null) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    return await run(config);
  } catch (error) {
    // A missing directory, an unreadable state file: said in one line, not as a stack trace.
    process.stderr.write(`import: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main();
