// vikingbot names a session file after its key: `<type>__<channel_id>__<chat_id>[~<16 hex>].jsonl`,
// each part percent-encoded where unsafe. Older files lack the `~hash` suffix.

export type SessionFileName = {
  /** The decoded key, as people read it (`feishu__cli_x__oc_1`), for reports. */
  readonly sessionKey: string;
  readonly type: string;
  readonly channelId: string;
  readonly chatId: string;
  /** The 16-hex suffix of newer files, absent on legacy ones. */
  readonly hash: string | null;
};

const SESSION_FILE = /^(.+?)__(.+?)__(.+?)(?:~([0-9a-f]{16}))?\.jsonl$/i;

const decode = (part: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // a stray `%` that is not an escape: the bot wrote it as is
  }
};

/** The parts of a session file name, or null when the name is not one (then it is not a session file). */
export function parseSessionFileName(fileName: string): SessionFileName | null {
  // Split before decoding: an encoded part may itself contain `__` once decoded.
  const match = SESSION_FILE.exec(fileName);
  if (!match) return null;
  const [, type = "", channelId = "", chatId = "", hash] = match;
  const parts = { type: decode(type), channelId: decode(channelId), chatId: decode(chatId) };
  return {
    ...parts,
    sessionKey: `${parts.type}__${parts.channelId}__${parts.chatId}`,
    hash: hash?.toLowerCase() ?? null,
  };
}

/** The name to show in reports: decoded where it is a session file, as is otherwise. */
export const displayNameOf = (fileName: string): string => {
  const parsed = parseSessionFileName(fileName);
  return parsed ? `${parsed.sessionKey}${parsed.hash ? `~${parsed.hash}` : ""}.jsonl` : fileName;
};
