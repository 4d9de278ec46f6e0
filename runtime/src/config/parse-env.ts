import type { z } from "zod";

/**
 * Validates a process's environment against its config schema, naming every bad
 * variable at once, so a misconfigured process fails at start with one clear message.
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv, processName: string): z.output<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`invalid ${processName} configuration: ${problems}`);
  }
  return result.data;
}
