/** A mistake on the command line: shown with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * The arguments of a command as `parse` reads them, or the end of the process: for --help
 * (`parse` answers null) the usage on stdout and exit code 0; for a UsageError the mistake, then
 * the usage, on stderr and exit code 2. Every command of the product starts with this.
 */
export function parseCommandLine<T>(
  command: string,
  usage: string,
  parse: (argv: readonly string[]) => T | null,
  argv: readonly string[] = process.argv.slice(2),
): T {
  let parsed: T | null;
  try {
    parsed = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${command}: ${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (parsed === null) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
