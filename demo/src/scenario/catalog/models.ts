// The models the demo bot routes to. Profiles differ on purpose so per-model dashboards show
// something: latency (median and tail), answer quality, tool reliability and failure modes.

export type ModelProfile = {
  readonly model: string;
  readonly provider: string;
  /** Relative share of sessions routed to the model. */
  readonly share: number;
  /** Median model-side latency of one answer, before tool time. */
  readonly latencyMedianMs: number;
  /** Log-normal spread: larger means a longer tail (p99 far above p50). */
  readonly latencySigma: number;
  /** Probability that an ordinary answer is actually good (before prompt and topic effects). */
  readonly quality: number;
  /** Probability that one tool call fails. */
  readonly toolFailureRate: number;
  /** Multiplies the base rates of error / no_reply / max_iterations. */
  readonly failureFactor: number;
};

export const MODELS: readonly ModelProfile[] = [
  {
    model: "gpt-4o",
    provider: "openai",
    share: 35,
    latencyMedianMs: 2400,
    latencySigma: 0.45,
    quality: 0.74,
    toolFailureRate: 0.07,
    failureFactor: 1,
  },
  {
    model: "claude-sonnet",
    provider: "anthropic",
    share: 25,
    latencyMedianMs: 2900,
    latencySigma: 0.5,
    quality: 0.78,
    toolFailureRate: 0.05,
    failureFactor: 0.8,
  },
  {
    model: "qwen-max",
    provider: "alibaba",
    share: 22,
    latencyMedianMs: 1900,
    latencySigma: 0.55,
    quality: 0.68,
    toolFailureRate: 0.09,
    failureFactor: 1.2,
  },
  {
    model: "deepseek-chat",
    provider: "deepseek",
    share: 18,
    latencyMedianMs: 3600,
    latencySigma: 0.65,
    quality: 0.64,
    toolFailureRate: 0.11,
    failureFactor: 1.6,
  },
];
