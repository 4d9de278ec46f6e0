// Values of the optional dimensions of response_completed, with relative weights. Version
// effects are deliberate so the compare view has a real difference to find.

export type PromptVersion = {
  readonly name: string;
  readonly share: number;
  /** Added to an answer's quality. */ readonly qualityBonus: number;
};

/** v2 is the measurably better prompt: the compare dashboard should flag it as significant. */
export const PROMPT_VERSIONS: readonly PromptVersion[] = [
  { name: "v1", share: 50, qualityBonus: 0 },
  { name: "v2", share: 50, qualityBonus: 0.1 },
];

export type BotVersion = {
  readonly name: string;
  readonly share: number;
  /** Multiplies the max_iterations rate. */ readonly iterationLimitFactor: number;
};

/** 1.9.0 raised the iteration budget, so it hits max_iterations less often. */
export const BOT_VERSIONS: readonly BotVersion[] = [
  { name: "1.8.2", share: 60, iterationLimitFactor: 1.5 },
  { name: "1.9.0", share: 40, iterationLimitFactor: 0.5 },
];

export type Channel = "web" | "slack" | "feishu" | "openapi";

export const CHANNELS: readonly (readonly [Channel, number])[] = [
  ["web", 45],
  ["slack", 20],
  ["feishu", 20],
  ["openapi", 15],
];

/** Share of Chinese-language sessions per channel (Feishu users mostly write Chinese). */
export const CHINESE_SHARE: Readonly<Record<Channel, number>> = { web: 0.3, slack: 0.1, feishu: 0.85, openapi: 0.2 };

export const USER_SEGMENTS: readonly (readonly [string, number])[] = [
  ["free", 55],
  ["pro", 30],
  ["enterprise", 15],
];

/** Relative share of traffic for the n-th tenant: the first tenant is the busiest. */
export const tenantWeight = (index: number): number => 1 / (index + 1);

/** Distinct users per tenant: sessions of one user recur, as in real traffic. */
export const USERS_PER_TENANT = 250;
