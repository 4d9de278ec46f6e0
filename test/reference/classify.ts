// The reference's own query-category rules (docs/events.md, `response_completed`: "when absent the
// pipeline classifies query_text by rules", else unknown). The spec names no categories and no rules, so the category
// names are the product's taxonomy; the word lists, the matching and the order below are written
// here, from the category names, without the product's code. A text on which two honest rule
// tables would differ has no place in the data set (the figures would differ by design); a text
// that each category, its priority, inflections and whole-word matching decide does.
import { cutCodePoints } from "./text";

interface CategoryRule {
  category: string;
  /** English words or phrases, matched as whole words ignoring case; the last word also as plural, -ed or -ing. */
  words: string[];
  /** Chinese substrings (no spaces mark words there). */
  zh: string[];
  /** Shapes a word list cannot express. */
  shapes?: RegExp[];
}

// First match wins: failing code is a diagnosis before it is code; "remember I use Python" is
// about the user, not about Python.
const RULES: CategoryRule[] = [
  {
    category: "bug_diagnosis",
    words: [
      "error",
      "exception",
      "traceback",
      "stack trace",
      "bug",
      "crash",
      "fail",
      "broken",
      "doesn't work",
      "does not work",
      "debug",
      "fix",
    ],
    zh: ["报错", "错误", "异常", "崩溃", "失败", "故障", "出错", "排查", "修复"],
    shapes: [/\b[A-Za-z]*[a-z](Error|Exception)\b/],
  },
  {
    category: "memory_or_profile",
    words: ["remember that", "remember my", "my name", "call me", "my profile", "my preference"],
    zh: ["记住", "我叫", "叫我", "我的名字"],
  },
  {
    category: "shell_execution",
    words: ["terminal", "shell", "bash", "command line", "kubectl", "docker", "sudo", "ssh"],
    zh: ["终端", "命令行", "执行命令"],
  },
  {
    category: "file_operation",
    words: ["file", "folder", "directory", "rename", "upload", "download", "pdf", "csv"],
    zh: ["文件", "目录", "重命名", "上传", "下载"],
  },
  {
    category: "code_explanation",
    words: [
      "code",
      "function",
      "class",
      "method",
      "variable",
      "regex",
      "algorithm",
      "python",
      "javascript",
      "typescript",
      "sql",
    ],
    zh: ["代码", "函数", "变量", "算法"],
  },
  {
    category: "web_search",
    words: ["search the web", "search for", "look up", "latest", "news", "weather", "exchange rate"],
    zh: ["搜索", "天气", "新闻", "最新", "查一下"],
  },
  {
    category: "workflow_task",
    words: ["remind me", "schedule", "meeting", "calendar", "email", "ticket", "deploy"],
    zh: ["提醒", "会议", "工单", "日程", "邮件"],
  },
];

const INFLECTIONS = ["", "s", "es", "ed", "d", "ing"];

/** Lower-case word tokens; the typographic apostrophe counts as ', which stays inside a word (doesn't). */
const tokens = (text: string): string[] =>
  text
    .toLowerCase()
    .replaceAll("\u2019", "'")
    .match(/[a-z0-9_']+/g) ?? [];

function hasPhrase(words: string[], phrase: string): boolean {
  const parts = phrase.split(" ");
  const last = parts.length - 1;
  for (let i = 0; i + last < words.length; i++) {
    const same = parts.every((part, j) =>
      j < last ? words[i + j] === part : INFLECTIONS.some((end) => words[i + j] === part + end),
    );
    if (same) return true;
  }
  return false;
}

/** A response's category from its (truncated) query text: `unknown` without text, `general_qa` when no rule matches. */
export function classifyQuery(text?: string): string {
  if (text === undefined) return "unknown";
  const kept = cutCodePoints(text, 4000);
  if (kept.trim() === "") return "unknown";
  const words = tokens(kept);
  const rule = RULES.find(
    (r) =>
      r.words.some((w) => hasPhrase(words, w)) ||
      r.zh.some((z) => kept.includes(z)) ||
      (r.shapes ?? []).some((s) => s.test(kept)),
  );
  return rule?.category ?? "general_qa";
}
