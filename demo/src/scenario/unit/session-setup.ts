import type { SeededRandom } from "../../random/seeded-random";
import {
  BOT_VERSIONS,
  CHANNELS,
  CHINESE_SHARE,
  PROMPT_VERSIONS,
  USER_SEGMENTS,
  USERS_PER_TENANT,
  type BotVersion,
  type Channel,
  type PromptVersion,
} from "../catalog/dimensions";
import { MODELS, type ModelProfile } from "../catalog/models";
import type { Language } from "../catalog/queries";

/** What stays fixed for a whole chat session: who, where, which model and which bot build. */
export type SessionSetup = {
  readonly userId: string;
  readonly channel: Channel;
  readonly model: ModelProfile;
  readonly prompt: PromptVersion;
  readonly bot: BotVersion;
  readonly language: Language;
  /** The optional dimensions this producer sends; some integrations send none of them. */
  readonly dimensions: {
    readonly chat_type?: string;
    readonly session_type?: string;
    readonly language?: string;
    readonly user_segment?: string;
  };
  /** Whether this integration classifies queries itself (else the pipeline's rules do). */
  readonly sendsCategory: boolean;
  /** Whether prompt_version / bot_version are sent; a few old clients do not (they show as `unknown`). */
  readonly sendsVersions: boolean;
};

export const userIdOf = (tenantId: string, n: number): string => `user_${tenantId}_${n}`;

export function pickSessionSetup(random: SeededRandom, tenantId: string): SessionSetup {
  const channel = random.weighted(CHANNELS);
  const language: Language = random.chance(CHINESE_SHARE[channel]) ? "zh" : "en";
  // Group chats exist only where the bot sits in a team chat tool.
  const chatType =
    channel === "slack" || channel === "feishu"
      ? random.weighted([
          ["group", 40],
          ["private", 60],
        ] as const)
      : "private";
  const sendsDimensions = channel !== "openapi" && random.chance(0.9);
  return {
    userId: userIdOf(tenantId, random.int(1, USERS_PER_TENANT)),
    channel,
    model: random.weighted(MODELS.map((model) => [model, model.share] as const)),
    prompt: random.weighted(PROMPT_VERSIONS.map((prompt) => [prompt, prompt.share] as const)),
    bot: random.weighted(BOT_VERSIONS.map((bot) => [bot, bot.share] as const)),
    language,
    dimensions: sendsDimensions
      ? { chat_type: chatType, session_type: "chat", language, user_segment: random.weighted(USER_SEGMENTS) }
      : {},
    sendsCategory: random.chance(0.5),
    sendsVersions: random.chance(0.97),
  };
}
