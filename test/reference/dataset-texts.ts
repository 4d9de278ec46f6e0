// The free texts of the edge-case data set: user turns and down-rating reasons. Every query
// category of classify.ts appears, with its priority cases (failing code is bug_diagnosis, "remember
// I use Python" memory_or_profile), inflections (crashed, files), whole words (prefix is not fix,
// codex is not code) and the typographic apostrophe; none holds a re-ask phrase.

export const TEXT_EN = [
  "how do I reset my password",
  "why is the deployment failing on staging",
  "show me the error logs for the payment service",
  "what changed in the config yesterday",
  "thanks, and what is the next step?",
  "can you summarise this incident",
  "which node has the highest cpu",
  "remember that my team writes python",
  "run kubectl get pods in the terminal",
  "rename the files in the reports folder",
  "explain what this function returns",
  "search the web for the latest release notes",
  "schedule a meeting with the on-call team",
  "the python script crashed with a traceback",
  "what is a prefix in this codex",
  "the importer doesn\u2019t work after the upgrade",
  "it throws a TypeError on start",
  "email the incident summary to the SRE team",
];

export const TEXT_ZH = [
  "怎么重置密码",
  "部署为什么失败了",
  "帮我看看昨天的告警",
  "谢谢，下一步呢？",
  "总结一下这次故障",
  "哪台机器负载最高",
  "记住我喜欢用 Python",
  "帮我在终端执行命令",
  "把这个文件夹里的文件重命名",
  "解释一下这段代码",
  "今天北京天气怎么样",
  "帮我创建一个工单",
];

/** Reason texts of down ratings: codes in other case, with `-` or a space for `_`, padded, and texts that name no code. */
export const DOWN_REASONS = [
  "incorrect",
  "Not grounded",
  "too-slow",
  "irrelevant",
  "Incomplete answer",
  "tool failed",
  "meh",
  "  Not-Actionable ",
  "BAD FORMAT",
  "too_verbose",
];

const FILLER_CODE_POINTS = 100;
/** Text whose first 100 characters are emoji (two UTF-16 units each) and whose `tail` starts at character `at`. */
export function textWithTailAt(at: number, tail: string): string {
  const emoji = "\u{1F642}".repeat(FILLER_CODE_POINTS);
  // Ends with a space, so the tail is a word of its own.
  const filler = "la ".repeat(Math.ceil(at / 3)).slice(0, at - FILLER_CODE_POINTS - 1);
  return `${emoji}${filler} ${tail}`;
}
