// Command line of the demo generator: `tsx demo/src/cli.ts --help`. Progress goes to stderr, the
// summary to stdout; the exit code is 0 when everything was handed over, 1 when the transport
// failed, 2 on a usage error and 130 when interrupted.
import { formatSummary } from "./cli/format-summary";
import { parseCliConfig, scenarioOf, USAGE, UsageError, type CliConfig } from "./cli/cli-config";
import { ProgressReporter } from "./cli/progress-reporter";
import { generateDemoEvents } from "./scenario/generate-events";
import { createCollectorTransport } from "./send/collector-transport";
import { createKafkaTransport } from "./send/kafka-transport";
import { sendStream } from "./send/send-stream";
import type { DemoTransport } from "./send/transport";

async function openTransport(config: CliConfig): Promise<DemoTransport> {
  const { target } = config;
  if (target.kind === "kafka") return createKafkaTransport({ brokers: target.brokers, topics: target.topics });
  return createCollectorTransport({
    url: target.url,
    keys: target.keys,
    maxBatchEvents: Math.min(config.batchSize, 1000),
  });
}

const describeTime = (time: CliConfig["time"]): string =>
  time.mode === "live"
    ? `live at ${time.eventsPerSecond} events/s`
    : `backfill over the last ${((time.windowMs ?? 0) / 3_600_000).toFixed(1)} h`;

async function run(config: CliConfig): Promise<number> {
  const live = config.time.mode === "live";
  process.stderr.write(
    `demo: ${config.events} events, seed ${config.seed}, tenants ${config.tenants.join(",")}, ${describeTime(config.time)}, ${(config.malformedShare * 100).toFixed(2)} % malformed, ${(config.vikingbotShare * 100).toFixed(0)} % of chat sessions labelled by vikingbot\n`,
  );
  let transport: DemoTransport;
  try {
    transport = await openTransport(config);
  } catch (error) {
    process.stderr.write(`demo: cannot connect: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }

  // Ctrl-C stops after the batch in flight and still prints the summary.
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  const reporter = new ProgressReporter(process.stderr);
  const messages = generateDemoEvents(scenarioOf(config));
  const summary = await sendStream(messages, transport, {
    total: config.events,
    size: config.batchSize,
    paced: live,
    signal: controller.signal,
    onProgress: (progress) => reporter.update(progress),
  });
  reporter.finish();
  await transport.close().catch(() => {});
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);

  process.stdout.write(formatSummary(summary, { kind: config.target.kind, description: transport.description }));
  if (summary.failure) return 1;
  return summary.interrupted ? 130 : 0;
}

async function main(): Promise<number> {
  let config: CliConfig | null;
  try {
    config = parseCliConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`demo: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (config === null) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  return run(config);
}

process.exitCode = await main();
